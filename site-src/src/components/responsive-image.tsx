import type { ImageMeta } from "../lib/site-data";

type Props = {
  image: ImageMeta;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each layout. */
  sizes: string;
  className?: string;
  /** Images above the fold load eagerly; everything else lazily. */
  eager?: boolean;
};

/**
 * A <picture> with the pipeline's AVIF/WebP sources, a JPEG fallback, intrinsic width and
 * height (so nothing shifts while loading) and the blurred placeholder as background.
 */
export function ResponsiveImage({ image, alt, sizes, className, eager = false }: Props) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        className={className}
        src={image.src}
        srcSet={image.srcset || undefined}
        sizes={image.srcset ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        style={
          image.placeholder
            ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: "cover" }
            : undefined
        }
      />
    </picture>
  );
}
