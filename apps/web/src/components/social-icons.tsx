import type { SocialNetwork } from '@inkwell/contracts';
import { iconProps, type IconProps } from './icons.tsx';

const icons: Record<SocialNetwork, (p: IconProps) => React.JSX.Element> = {
  instagram: (p) => (
    <svg {...iconProps(p)}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </svg>
  ),
  facebook: (p) => (
    <svg {...iconProps(p)}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </svg>
  ),
  twitter: (p) => (
    <svg {...iconProps(p)}>
      <path d="M4 4l16 16M20 4 4 20" />
    </svg>
  ),
  website: (p) => (
    <svg {...iconProps(p)}>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20" />
    </svg>
  ),
  linkedin: (p) => (
    <svg {...iconProps(p)}>
      <rect x="2" y="2" width="20" height="20" rx="2" />
      <path d="M7 10v7M7 7h.01M11 17v-7M11 13a3 3 0 0 1 6 0v4" />
    </svg>
  ),
  github: (p) => (
    <svg {...iconProps(p)}>
      <path d="M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5.08-1.25-.27-2.48-1-3.5.28-1.15.28-2.35 0-3.5 0 0-1 0-3 1.5-2.64-.5-5.36-.5-8 0C6 2 5 2 5 2c-.3 1.15-.3 2.35 0 3.5A5.4 5.4 0 0 0 4 9c0 3.5 3 5.5 6 5.5-.39.49-.68 1.05-.85 1.65-.17.6-.22 1.23-.15 1.85v4" />
      <path d="M9 18c-4.51 2-5-2-7-2" />
    </svg>
  ),
};

export function SocialIcon({ network, ...props }: IconProps & { network: SocialNetwork }) {
  const Icon = icons[network];
  return <Icon {...props} />;
}
