import { iconProps, type IconProps } from './icons.tsx';

/** Apart from icons.tsx, whose icons the reading pages' script holds: only the signed-in screens show this one. */
export const DownloadIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M12 3v12m-5-5 5 5 5-5M4 21h16" />
  </svg>
);
