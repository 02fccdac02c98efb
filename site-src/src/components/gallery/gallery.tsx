// The gallery the portfolio and flash screens are both drawn as (docs/portfolio.md, docs/flash.md):
// the hero above (eyebrow, title, intro, the artist dropdown), the works below with their loading
// and empty states, a grid of square tiles that open the viewer, and the viewer's state. Each
// screen keeps what is its own: its columns (the grid's class and the tiles' `sizes`), what it
// lays over or under a tile, and the words. Styled by gallery.css.
import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import type { Unpublished } from "../../lib/api-types";
import type { ImageMeta } from "../../lib/site-data";
import { AppLink } from "../app-link";
import { ResponsiveImage } from "../responsive-image";
import { UnpublishedMark } from "../unpublished-mark";
import "./gallery.css";

/** `intro` and `children` are the screens'; the admin's previews (app/admin-previews.tsx) show neither. */
type HeroProps = { eyebrow: string; title: string; intro?: string; children?: ReactNode };

/** The screen's heading: eyebrow, title and intro; then the dropdown (and what the screen adds). */
export function GalleryHero({ eyebrow, title, intro, children }: HeroProps) {
  return (
    <header className="gallery-hero">
      <p className="gallery-hero__eyebrow">{eyebrow}</p>
      <h1 className="gallery-hero__title">{title}</h1>
      {intro !== undefined && <p className="gallery-hero__intro">{intro}</p>}
      {children}
    </header>
  );
}

type WorkProps = {
  ref?: Ref<HTMLDivElement>;
  loading: boolean;
  /** Said beside the spinner while the works load. */
  loadingText: string;
  /** The selection has no works: `empty` is said instead of the grid. */
  isEmpty: boolean;
  empty: ReactNode;
  /** The grid, and what goes under it. */
  children: ReactNode;
};

/** The works: a spinner while they load, a word when there are none, else the grid. */
export function GalleryWork({ ref, loading, loadingText, isEmpty, empty, children }: WorkProps) {
  return (
    // A div: the works have no heading of their own (the h1 above names them).
    <div ref={ref} className="gallery-work" aria-busy={loading}>
      {loading ? (
        <p className="gallery-status" role="status">
          <span className="gallery-status__spinner" aria-hidden="true" />
          {loadingText}
        </p>
      ) : isEmpty ? (
        <p className="gallery-status gallery-status--empty">{empty}</p>
      ) : (
        children
      )}
    </div>
  );
}

/** The list of tiles; `className` sets its columns (the screen's own). */
export function GalleryGrid({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  return (
    <ul className={`gallery-grid ${className}`} aria-label={label}>
      {children}
    </ul>
  );
}

type TileProps = {
  /** A list item of the grid, or a frame inside one (when the screen puts words under it). */
  as?: "li" | "div";
  className?: string;
  image: ImageMeta;
  alt: string;
  /** The `sizes` attribute: how wide the tile is drawn at each of the screen's layouts. */
  sizes: string;
  eager: boolean;
  /**
   * Far down the grid: its picture is fetched only once the tile comes near the window
   * (DeferredImage); the page's HTML holds it inside <noscript> for visitors without the app.
   */
  deferred?: boolean;
  /** The button's name; with no `onOpen` the tile is only a picture. */
  label?: string;
  onOpen?: (opener: HTMLButtonElement) => void;
  /** Not public yet (`build.py serve` only): marked for the editor. */
  held?: Unpublished | null;
  /** Laid over the picture (a caption, a label). */
  children?: ReactNode;
};

/** A square picture that opens the viewer. */
export function GalleryTile({ as: Tag = "li", className, image, alt, sizes, eager, deferred, label, onOpen, held, children }: TileProps) {
  const picture = deferred ? (
    <DeferredImage image={image} alt={alt} sizes={sizes} />
  ) : (
    <ResponsiveImage image={image} alt={alt} sizes={sizes} className="gallery-tile__image" eager={eager} />
  );
  return (
    <Tag className={className ? `gallery-tile ${className}` : "gallery-tile"}>
      {onOpen ? (
        <button type="button" className="gallery-tile__open" onClick={(event) => onOpen(event.currentTarget)} aria-label={label}>
          {picture}
        </button>
      ) : (
        picture
      )}
      {held && <UnpublishedMark status={held} className="gallery-tile__mark" />}
      {children}
    </Tag>
  );
}

// A deferred tile's picture is asked for when the tile is this near the window: half a screen
// below (or above) it. The browser's own loading="lazy" starts every image within about 1,250 px
// (more on a slow connection), which on a phone is a whole page of 24 tiles at once, none of
// them on the first screen of an artist's page (docs/portfolio.md#a-big-studio).
export const NEAR_MARGIN = "50% 0px";

// One observer for every deferred tile on the page, however many tiles there are.
const waiting = new Map<Element, () => void>();
let nearObserver: IntersectionObserver | null = null;
let madeWith: typeof IntersectionObserver | null = null; // tests swap the global for their own

/** Calls `onNear` once, when `element` comes within NEAR_MARGIN of the window; returns the cancel. */
function whenNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => {};
  }
  if (madeWith !== IntersectionObserver) {
    madeWith = IntersectionObserver;
    waiting.clear();
    nearObserver = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const done = entry.isIntersecting ? waiting.get(entry.target) : undefined;
          if (!done) continue;
          waiting.delete(entry.target);
          nearObserver?.unobserve(entry.target);
          done();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
  }
  waiting.set(element, onNear);
  nearObserver?.observe(element);
  return () => {
    waiting.delete(element);
    nearObserver?.unobserve(element);
  };
}

type DeferredProps = { image: ImageMeta; alt: string; sizes: string };

/**
 * The tile's picture once it comes near the window; until then its blurred preview. The
 * prerendered page holds the picture inside <noscript>: a browser without scripts shows it, one
 * with them fetches nothing for it (lib/page-without-app.ts puts it in if the app cannot load).
 */
function DeferredImage({ image, alt, sizes }: DeferredProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    return whenNear(element, () => setNear(true));
  }, [near]);
  const picture = <ResponsiveImage image={image} alt={alt} sizes={sizes} className="gallery-tile__image" />;
  if (near) return picture;
  return (
    <span
      ref={ref}
      className="gallery-tile__deferred"
      data-deferred-image=""
      style={image.placeholder ? { backgroundImage: `url("${image.placeholder}")` } : undefined}
    >
      <noscript>{picture}</noscript>
    </span>
  );
}

/**
 * The viewer's state. It belongs to the selection it was opened on: another selection (the
 * dropdown, the back button, a caption link) closes it. `lightbox` is what the Lightbox takes of it.
 */
export function useGalleryViewer(selected: string, loading: boolean) {
  const [opened, setOpened] = useState<{ slug: string; index: number } | null>(null);
  const openAt = opened && opened.slug === selected && !loading ? opened.index : null;
  const opener = useRef<HTMLElement | null>(null); // focus goes back to it on closing
  const close = useCallback(() => setOpened(null), []);
  const open = useCallback(
    (index: number, from?: HTMLElement) => {
      opener.current = from ?? null;
      setOpened({ slug: selected, index });
    },
    [selected],
  );
  const lightbox = {
    open: openAt !== null,
    index: openAt ?? 0,
    resetKey: selected,
    loop: true,
    onClose: close,
    returnFocus: opener,
  };
  return { open, close, lightbox };
}

type CaptionProps = {
  title: string;
  /** Said after the title (the flash design's size and price). */
  facts?: ReactNode;
  /** "by", in the page's language. */
  by: string;
  artist: string;
  /** The artist's page of this screen. */
  to: string;
  /** The link leaves the viewer: it closes it. */
  onNavigate: () => void;
};

/** The viewer's caption: the title, and the artist's name as a link to their page. */
export function GalleryCaption({ title, facts, by, artist, to, onNavigate }: CaptionProps) {
  return (
    <>
      <strong>{title}</strong>
      {facts && <> {facts}</>}
      {` ${by} `}
      <AppLink to={to} onClick={onNavigate}>
        {artist}
      </AppLink>
    </>
  );
}
