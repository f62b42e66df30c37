import { SOCIAL_NETWORKS, type UserProfile } from '@inkwell/contracts';
import { SocialIcon } from '../../../components/social-icons.tsx';
import { formatDate } from '../../../lib/format-date.ts';

const NETWORK_NAMES = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
  website: 'Website',
  linkedin: 'LinkedIn',
  github: 'GitHub',
} as const;

/** Bio (or 'Nothing to read here'), social links with their icons, and when the user joined. */
export function AboutUser({ profile, className = '' }: { profile: UserProfile; className?: string }) {
  const links = SOCIAL_NETWORKS.filter((network) => profile.social_links[network]);
  return (
    <div className={className}>
      <p className="text-lg leading-7 break-words whitespace-pre-line">
        {profile.personal_info.bio || 'Nothing to read here'}
      </p>
      {links.length > 0 && (
        <ul aria-label="Social links" className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-neutral-600">
          {links.map((network) => (
            <li key={network}>
              {/* A member's own links vouch for nothing, trusted or not: search engines are told so (ugc). */}
              <a
                href={profile.social_links[network]}
                target="_blank"
                rel="ugc nofollow noopener noreferrer"
                aria-label={NETWORK_NAMES[network]}
                className="hover:text-neutral-900"
              >
                <SocialIcon network={network} width={24} height={24} />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6 text-neutral-600">Joined on {formatDate(profile.joinedAt)}</p>
    </div>
  );
}
