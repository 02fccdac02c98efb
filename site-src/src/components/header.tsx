import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { HEADER } from "../config/navigation";
import { useHeadroom } from "../hooks/use-headroom";
import { useHydrated } from "../hooks/use-hydrated";
import { usePageReady } from "../hooks/use-page-ready";
import { useScrollY } from "../hooks/use-scroll-y";
import { useStrings } from "../i18n/catalog";
import { useSiteData } from "../lib/use-site-data";
import { AppLink } from "./app-link";
import { LanguageSwitch } from "./language-switch";
import { Menu } from "./menu";
import "./header.css";

/** The home logo shrinks from 225 to 64 px over the first 300 px of scroll (docs/product.md#header-and-menu). */
export function logoSize(scrollY: number, home: boolean): number {
  if (!home) return HEADER.logoMin;
  const t = Math.min(Math.max(scrollY / HEADER.shrinkDistance, 0), 1);
  return HEADER.logoMax - (HEADER.logoMax - HEADER.logoMin) * t;
}

export function Header() {
  const { pathname } = useLocation();
  const home = pathname === "/";
  const y = useScrollY();
  const ready = usePageReady();
  const [menuOpen, setMenuOpen] = useState(false);
  const pinned = useHeadroom(y, { offset: HEADER.offset, tolerance: HEADER.tolerance });
  const [logoShown, setLogoShown] = useState(!home);
  // Painted beneath the prerendered preloader, hidden at once when the app runs, faded in after.
  const hydrated = useHydrated();
  const chromeRef = useRef<HTMLDivElement>(null);
  const name = useSiteData().name;
  const t = useStrings().header;

  // On home the logo fades in 1.4 s after the page is revealed; elsewhere it is simply there.
  useEffect(() => {
    if (!home) {
      setLogoShown(true);
      return;
    }
    if (!ready) return;
    const timer = window.setTimeout(() => setLogoShown(true), HEADER.fadeInDelayMs);
    return () => window.clearTimeout(timer);
  }, [home, ready]);

  // Hiding the bar closes the menu (docs/product.md#header-and-menu): the open menu locks
  // scrolling, but a browser that scrolls the page anyway (iOS rubber-banding) hides the bar and
  // the menu goes with it. Going to another page closes it too.
  useEffect(() => {
    if (!pinned) setMenuOpen(false);
  }, [pinned]);
  useEffect(() => setMenuOpen(false), [pathname]);

  const solid = !home || y > HEADER.solidAfter;
  const size = logoSize(y, home);
  const classes = [
    "site-header",
    solid ? "site-header--solid" : "",
    pinned ? "" : "site-header--hidden",
    menuOpen ? "site-header--menu-open" : "",
    // the big home logo would sit on top of the menu's first entries: it steps aside
    menuOpen && size > HEADER.logoMin ? "site-header--logo-aside" : "",
  ].join(" ");

  return (
    <div ref={chromeRef} className="site-chrome">
      <header className={classes} data-solid={solid} data-pinned={pinned}>
        <AppLink
          to="/"
          className={`site-header__logo${logoShown || !hydrated ? " is-shown" : ""}`}
          style={{ width: size }}
          onClick={() => setMenuOpen(false)}
        >
          <img src="/logo.svg" alt={t.logo(name)} width={225} height={225} />
        </AppLink>
        <LanguageSwitch />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? t.closeMenu : t.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__label" aria-hidden="true">
            {menuOpen ? t.close : t.menu}
          </span>
        </button>
      </header>
      <Menu open={menuOpen} onClose={() => setMenuOpen(false)} trapRef={chromeRef} />
    </div>
  );
}
