import { ResponsiveImage } from './responsive-image.tsx';

/** A user's round picture; decorative, since the name always stands beside it. */
export function Avatar({ src, size, className = '' }: { src: string; size: number; className?: string }) {
  return (
    <ResponsiveImage
      src={src}
      alt=""
      width={size}
      height={size}
      sizes={`${size}px`}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={`flex-none rounded-full bg-neutral-100 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
