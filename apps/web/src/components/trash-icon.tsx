import { iconProps, type IconProps } from './icons.tsx';

/** Apart from icons.tsx, whose icons the reading pages' script holds: only the signed-in screens show this one. */
export const TrashIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M3 6h18M8 6V4h8v2m-9 0 1 14h8l1-14" />
  </svg>
);
