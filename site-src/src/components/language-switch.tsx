import { useLocation } from "react-router";
import { useHydrated } from "../hooks/use-hydrated";
import { useStrings } from "../i18n/catalog";
import { rememberLanguage } from "../lib/remembered-language";

/**
 * The same page in the other language (/portfolio <-> /es/portfolio), a full page load: each
 * language has its own scripts (docs/architecture.md#two-languages). Choosing one is remembered
 * for the next visit (lib/remembered-language.ts); nothing switches by the browser's language.
 */
export function LanguageSwitch() {
  const { pathname, search, hash } = useLocation();
  const { lang, short, name } = useStrings().header.otherLanguage;
  // The router's pathname is the page's own path without the language prefix.
  const path = `${lang === "en" ? "" : `/${lang}`}${pathname}`;
  const href = (path.length > 1 ? path : "/") + search + hash;
  // The not-found page is rendered once, for /404, and served at any unknown address; hydrating
  // keeps the attributes it was rendered with, so the link is made afresh once the app runs.
  const hydrated = useHydrated();
  return (
    <a
      key={hydrated ? "app" : "page"}
      className="site-header__lang"
      href={href}
      hrefLang={lang}
      lang={lang}
      onClick={() => rememberLanguage(lang as "en" | "es")}
    >
      {short}
      {/* Its name holds what it shows (WCAG 2.5.3), then says where it goes. */}
      <span className="visually-hidden">{` ${name}`}</span>
    </a>
  );
}
