/**
 * A dish's picture: a drawing as a plain <img>, an uploaded photo as a <picture> offering the
 * AVIF and WebP sizes the server made of it, with the JPEG sizes as the fallback. Width and height
 * always reserve its box, so nothing moves when it arrives.
 */
import type { ImgHTMLAttributes } from 'react';
import type { MenuPhoto } from '../../../domain/menu.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt'> & {
  image: string;
  /** What the picture shows, or '' when the text beside it says it all. */
  alt: string;
  photo: MenuPhoto | undefined;
  /** The width the picture takes on screen, for the browser to choose a size. */
  sizes: string;
};

export function DishPicture({ image, photo, sizes, alt, ...img }: Props) {
  if (!photo) return <img src={image} alt={alt} {...img} />;
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img src={image} srcSet={photo.srcset} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
