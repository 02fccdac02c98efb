import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";
import { useHref, useLinkClickHandler, type To } from "react-router";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of this site, with its hash if any ("/portfolio", "/#contact"), or a part of one ({ hash }). */
  to: To;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * Every link within the site: React Router's own click handling (a plain click navigates in the
 * app; a modified click, a middle click or another target is left to the browser), without
 * <Link>'s prefetching, masking and external-URL handling, which the app never uses. React Router
 * is one module, so a <Link> in any lazily loaded screen put all of that (2.3 KiB gzipped) on
 * every page's first load (docs/architecture.md#performance-budget): the app uses this alone.
 */
export function AppLink({ to, onClick, target, ...rest }: Props) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
