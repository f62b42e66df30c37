import toast from 'react-hot-toast';
import { LinkIcon, ShareIcon } from '../../../components/icons.tsx';
import { SocialIcon } from '../../../components/social-icons.tsx';

const round = 'flex h-10 w-10 items-center justify-center rounded-full bg-neutral-100 hover:bg-neutral-200';

/** Share the blog to X/Twitter, LinkedIn or Facebook, copy its link, or use the device's own share sheet. */
export function ShareButtons({ title, url }: { title: string; url: string }) {
  const link = encodeURIComponent(url);
  const networks = [
    { name: 'X (Twitter)', icon: 'twitter', href: `https://twitter.com/intent/tweet?url=${link}&text=${encodeURIComponent(title)}` },
    { name: 'LinkedIn', icon: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${link}` },
    { name: 'Facebook', icon: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${link}` },
  ] as const;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link');
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== 'AbortError') toast.error('Could not share the link');
    }
  };

  return (
    <div className="flex items-center gap-2">
      {'share' in navigator && (
        <button type="button" aria-label="Share" className={round} onClick={() => void shareNatively()}>
          <ShareIcon />
        </button>
      )}
      {networks.map((n) => (
        <a key={n.name} href={n.href} target="_blank" rel="noopener noreferrer" aria-label={`Share on ${n.name}`} className={round}>
          <SocialIcon network={n.icon} />
        </a>
      ))}
      <button type="button" aria-label="Copy link" className={round} onClick={() => void copy()}>
        <LinkIcon />
      </button>
    </div>
  );
}
