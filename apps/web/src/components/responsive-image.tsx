import type { ImgHTMLAttributes } from 'react';
import { imageSrcSet } from '@inkwell/contracts';

type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet' | 'sizes'> & {
  src: string;
  alt: string;
  /** Box size (px) the page lays out before the bytes arrive. */
  width: number;
  height: number;
  /** How wide the image shows (the `sizes` attribute): the browser picks the smallest copy that fills it. */
  sizes: string;
  /** The stored image's own width, when known: the copies offered then name their true widths. */
  naturalWidth?: number | undefined;
};

/**
 * An image this server stored, offered as its WebP copies (`srcset` chosen by `sizes`), with the
 * original as the fallback; any other address is a plain `<img>`. The `<picture>` takes no box of
 * its own, so the `<img>` is laid out as if it stood alone.
 */
export function ResponsiveImage({ src, sizes, naturalWidth, ...img }: ResponsiveImageProps) {
  const srcSet = imageSrcSet(src, naturalWidth);
  if (!srcSet) return <img src={src} {...img} />;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      <img src={src} {...img} />
    </picture>
  );
}
