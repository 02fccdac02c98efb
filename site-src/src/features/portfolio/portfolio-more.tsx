import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../hooks/use-hydrated";
import { useStrings } from "../../i18n/catalog";
import { portfolioStrings } from "../../i18n/parts/portfolio";

/** Once the visitor scrolls, the next page is asked for while the end of the grid is still this far below the window. */
export const MORE_ROOT_MARGIN = "0px 0px 100% 0px";
/** Before: only when the end of the grid is in the window (a screen taller than the first page). */
export const MORE_ROOT_MARGIN_UNSCROLLED = "0px";

type Props = {
  /** Pieces in the grid, and in the whole selection. */
  shown: number;
  total: number;
  /** The next page is on its way / could not be fetched. */
  loading: boolean;
  failed: boolean;
  /**
   * Fetch the next page: the end of the grid came near, or the button was pressed. `fromButton`
   * when the button was pressed or had the focus: the focus then moves to the first new piece,
   * rather than being lost when the button goes with the last page.
   */
  onMore: (fromButton: boolean) => void;
};

/**
 * Under a grid that does not hold the whole selection yet: how many pieces it shows, and the
 * next page, fetched as the end of the grid comes within a screen of the window, or with the
 * Show more button (keyboards, screen readers, a failed page). Shown only when the selection
 * has more than one page. The count is a polite live region, so a page coming in is heard.
 */
export function PortfolioMore({ shown, total, loading, failed, onMore }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The button only works with the app: the prerendered page (without JavaScript) shows the count.
  const hydrated = useHydrated();
  const t = useStrings(portfolioStrings);
  const more = shown < total;
  // The first screen asks for nothing more until the visitor shows an interest by scrolling:
  // on a phone the end of the first page is within a screen of the window from the start.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled || !more) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener("scroll", onScroll, { passive: true, once: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [scrolled, more]);

  useEffect(() => {
    const element = ref.current;
    // A failed page waits for the button rather than being asked for in a loop.
    if (!more || loading || failed || !element || typeof IntersectionObserver === "undefined") return;
    // A new observer after every page: it reports at once if the end is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        // Focusing the button scrolls it into view, which can bring the next page in before a
        // keyboard user presses it.
        if (entries.some((entry) => entry.isIntersecting)) onMore(document.activeElement === button.current);
      },
      { rootMargin: scrolled ? MORE_ROOT_MARGIN : MORE_ROOT_MARGIN_UNSCROLLED },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more, loading, failed, shown, scrolled, onMore]);

  return (
    <div ref={ref} className="portfolio-more">
      <p className="portfolio-more__count" role="status">
        {loading ? (
          <>
            <span className="portfolio-status__spinner" aria-hidden="true" />
            {t.loadingMore}
          </>
        ) : (
          t.showing(shown, total)
        )}
      </p>
      {more && (
        // Until the app runs (and for visitors without it) the button only holds its place, so
        // nothing below moves when it appears.
        <button
          ref={button}
          type="button"
          className={`btn btn--ghost portfolio-more__button${hydrated ? "" : " portfolio-more__button--waiting"}`}
          onClick={() => onMore(true)}
        >
          {t.showMore}
        </button>
      )}
    </div>
  );
}
