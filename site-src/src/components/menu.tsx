import { useRef, type RefObject } from "react";
import { useLocation } from "react-router";
import { MENU_ENTRIES, menuHref } from "../config/navigation";
import { useFocusTrap } from "../hooks/use-focus-trap";
import { useHydrated } from "../hooks/use-hydrated";
import { useScrollLock } from "../hooks/use-scroll-lock";
import { useStrings } from "../i18n/catalog";
import { useSiteData } from "../lib/use-site-data";
import { AppLink } from "./app-link";
import "./menu.css";

type Props = {
  open: boolean;
  onClose: () => void;
  /** The element focus stays inside while open (the menu plus the bar with its toggle). */
  trapRef: RefObject<HTMLElement | null>;
};

/** The full-screen overlay menu (docs/product.md#header-and-menu): eight entries, a tap on one closes it. */
export function Menu({ open, onClose, trapRef }: Props) {
  const location = useLocation();
  const { pathname } = location;
  // The prerendered page never has a hash: the current entry follows it once hydrated.
  const hash = useHydrated() ? location.hash : "";
  const site = useSiteData();
  const t = useStrings().menu;
  const firstLink = useRef<HTMLAnchorElement>(null);
  useScrollLock(open);
  useFocusTrap(trapRef, { active: open, onEscape: onClose, initialFocus: firstLink });

  return (
    <div
      id="site-menu"
      className={`site-menu${open ? " is-open" : ""}`}
      role="dialog"
      aria-modal="true"
      aria-label={t.label}
      aria-hidden={!open}
      inert={!open}
    >
      <nav className="site-menu__nav" aria-label={t.nav}>
        <ol className="site-menu__list">
          {MENU_ENTRIES.map((entry, index) => {
            const href = menuHref(entry, pathname);
            const current = href === pathname + hash || (href === pathname && !hash);
            return (
              <li key={entry.id} className="site-menu__item" style={{ transitionDelay: open ? `${120 + index * 45}ms` : "0ms" }}>
                <AppLink
                  ref={index === 0 ? firstLink : undefined}
                  to={href}
                  className="site-menu__link" aria-current={current ? "page" : undefined} onClick={onClose}>
                  <span className="site-menu__index" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <span className="site-menu__label">{t.entries[entry.id]}</span>
                </AppLink>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="site-menu__aside">
        <p className="site-menu__heading">{t.visit}</p>
        <address className="site-menu__address">
          {site.address.street}
          <br />
          {site.address.city}, {site.address.region} {site.address.postal_code}
        </address>
        <p className="site-menu__contact">
          <a href={site.phoneHref}>{site.phone}</a>
          <br />
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
      </div>
    </div>
  );
}
