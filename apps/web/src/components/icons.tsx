import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;
/** The shared look of our line icons: 20 px, drawn with the text colour, hidden from screen readers. */
export const iconProps = (props: IconProps) => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  ...props,
});

export const SearchIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
export const BellIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);
export const PenIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 1 1 3 3L7 19l-4 1 1-4Z" />
  </svg>
);
export const HistoryIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
    <path d="M12 7v5l3 3" />
  </svg>
);
export const FileIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6" />
  </svg>
);
export const ChartIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M3 3v18h18M8 17v-4m5 4V8m5 9v-7" />
  </svg>
);
export const UserIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const LockIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const BanIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.6 5.6 12.8 12.8" />
  </svg>
);
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <svg {...iconProps(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
  </svg>
);
export const BookmarkIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <svg {...iconProps(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
  </svg>
);
export const CommentIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
  </svg>
);
export const CloseIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);
export const MenuIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
export const LinkIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </svg>
);
export const ShareIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </svg>
);
export const CheckCircleIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.5 2.5L16 9.5" />
  </svg>
);
export const MoonIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <svg {...iconProps(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />
  </svg>
);
