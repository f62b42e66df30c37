import { toast } from '../../../lib/toast.ts';
import { IconButton, roundIconLink } from '../../../components/icon-button.tsx';
import { LinkIcon, ShareIcon } from '../../../components/icons.tsx';
import { SocialIcon } from '../../../components/social-icons.tsx';
import { notifyError } from '../../../lib/notify.ts';

/** Share the blog to X/Twitter, LinkedIn or Facebook, copy its link, or use the device's own share sheet. */
export function ShareButtons({ title, url }: { title: string; url: string }) {
  const link = encodeURIComponent(url);
  const networks = [
    {
      name: 'X (Twitter)',
      icon: 'twitter',
      href: `https://twitter.com/intent/tweet?url=${link}&text=${encodeURIComponent(title)}`,
    },
    { name: 'LinkedIn', icon: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${link}` },
    { name: 'Facebook', icon: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${link}` },
  ] as const;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      notifyError('Could not copy the link');
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== 'AbortError') notifyError('Could not share the link');
    }
  };

  return (
    <div className="flex items-center gap-2">
      {'share' in navigator && (
        <IconButton label="Share" onClick={() => void shareNatively()}>
          <ShareIcon />
        </IconButton>
      )}
      {networks.map((n) => (
        <a
          key={n.name}
          href={n.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share on ${n.name}`}
          className={roundIconLink}
        >
          <SocialIcon network={n.icon} />
        </a>
      ))}
      <IconButton label="Copy link" onClick={() => void copy()}>
        <LinkIcon />
      </IconButton>
    </div>
  );
}
