import { iconProps, type IconProps } from './icons.tsx';

/** Apart from icons.tsx, whose icons the reading pages' script holds: only the signed-in screens show this one. */
export const ImportIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M12 15V3m-5 5 5-5 5 5" />
    <path d="M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
  </svg>
);
