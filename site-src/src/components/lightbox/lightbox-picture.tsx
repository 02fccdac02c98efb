import type { CSSProperties, SyntheticEvent } from "react";
import type { LightboxImage } from "./lightbox-rules";

// The responsive attributes an entry may carry (the portfolio passes the pipeline's).
type Responsive = { srcset?: unknown; sources?: unknown };

type Props = {
  image: LightboxImage & Responsive;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
  onError?: (event: SyntheticEvent<HTMLImageElement>) => void;
  className?: string;
  style?: CSSProperties;
};

/** One entry as a <picture>, full width: the image shown and its preloaded neighbours alike. */
export function LightboxPicture({ image, onLoad, onError, className, style }: Props) {
  const srcset = typeof image.srcset === "string" && image.srcset ? image.srcset : undefined;
  const sources = Array.isArray(image.sources)
    ? (image.sources as { type?: unknown; srcset?: unknown }[]).filter(
        (s): s is { type: string; srcset: string } => typeof s?.type === "string" && typeof s?.srcset === "string",
      )
    : [];
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes="100vw" />
      ))}
      <img
        className={className}
        style={style}
        src={image.src}
        srcSet={srcset}
        sizes={srcset ? "100vw" : undefined}
        alt={image.alt ?? image.title ?? ""}
        draggable={false}
        onLoad={onLoad}
        onError={onError}
      />
    </picture>
  );
}

/**
 * The images either side of the one shown, once it has loaded, fetched in the background with
 * the same markup so the browser picks the same file it will show.
 */
export function LightboxPreload({ images, index, loaded, loop }: {
  images: readonly LightboxImage[];
  index: number;
  loaded: boolean;
  loop: boolean;
}) {
  const count = images.length;
  const neighbours =
    loaded && count > 1
      ? [...new Set([index + 1, index - 1].map((i) => (i + count) % count))].filter(
          (i) => i !== index && (loop || (i > 0 && i < count)) && !images[i].pending,
        )
      : [];
  return (
    <div className="lightbox__preload" aria-hidden="true">
      {neighbours.map((i) => (
        <LightboxPicture key={`${i}:${images[i].src}`} image={{ ...images[i], alt: "" }} />
      ))}
    </div>
  );
}
