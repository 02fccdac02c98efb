import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";
import { useHref, useLinkClickHandler } from "react-router";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of this site, with its hash if any ("/portfolio", "/#contact"). */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link within the site for the shell and the home page: React Router's own click handling
 * (a plain click navigates in the app; a modified click, a middle click or another target is
 * left to the browser), without <Link>'s prefetching, masking and external-URL handling, which
 * the app never uses and which would weigh on every page's first load
 * (docs/architecture.md#performance-budget). The lazily loaded screens use <Link> itself.
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
