/** A user's round picture; decorative, since the name always stands beside it. */
export function Avatar({ src, size, className = '' }: { src: string; size: number; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={`flex-none rounded-full bg-neutral-100 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
