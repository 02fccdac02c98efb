// The language a visitor chose with the switch (components/language-switch.tsx), kept for their
// next visit. Only a choice counts: nothing ever follows the browser's language, which would
// confuse crawlers and people who picked one (docs/product.md#languages). And only the front door
// follows it: someone who chose Spanish and comes back to / from elsewhere lands on /es/; a link
// to any other page, or any move within the site, is taken as it is.
const KEY = "lang";
const HOMES: Record<string, string> = { en: "/", es: "/es/" };

export function rememberLanguage(lang: "en" | "es"): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // storage refused (private mode, a full quota): the choice lasts this page only
  }
}

/** Where the remembered choice sends a visitor arriving at this page, or null to stay. */
export function chosenHome(): string | null {
  const { pathname, origin } = window.location;
  if (pathname !== "/" && pathname !== "/es/") return null;
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  const home = chosen === null ? undefined : HOMES[chosen];
  if (!home || home === pathname) return null;
  // Within the site (the switch itself, the logo, a menu entry) the visitor went where they meant.
  if (document.referrer.startsWith(`${origin}/`)) return null;
  return home + window.location.hash;
}
