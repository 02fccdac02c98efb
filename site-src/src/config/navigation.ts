// The home page's sections, the side dot navigation and the overlay menu's entries, in their
// order (docs/product.md#header-and-menu). Their words are the catalog's (i18n/en.ts: dotNav,
// menu), by id.

/** Pages that carry the contact section themselves: "Contact" stays on them. */
export const PAGES_WITH_CONTACT = ["/", "/piercings"];

/**
 * The home page's sections (their element ids) in the order they stand on the page
 * (app/home-screen.tsx), which is the side dots' order: the lit dot then moves one step at a
 * time while scrolling (the specification lists Our Work and Piercings before Artists; the page
 * runs Studio, Artists, Our Work, Piercings). tests/browser/test_visitor_layout.py ties this
 * list to the page. The menu's entries into the home page are made from it below.
 */
export const HOME_SECTIONS = ["home", "brand", "studio", "artists", "our-work", "piercings", "legacy", "contact"] as const;

export type HomeSection = (typeof HOME_SECTIONS)[number];

export type MenuId = "home" | "artists" | "our-work" | "portfolio" | "piercings" | "aftercare" | "legacy" | "contact";

/** `id` names its label in the catalog's menu entries. */
export type MenuEntry = { id: MenuId; to: string };

/** A menu entry to a home section: its anchor. */
const toSection = (id: HomeSection & MenuId): MenuEntry => ({ id, to: `#${id}` });

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: "home", to: "/" },
  toSection("artists"),
  toSection("our-work"),
  { id: "portfolio", to: "/portfolio" },
  { id: "piercings", to: "/piercings" },
  { id: "aftercare", to: "/aftercare" },
  toSection("legacy"),
  toSection("contact"),
];

/**
 * Where a menu entry goes from the current page: hash targets live on the home page, except
 * #contact, which /piercings shows too.
 */
export function menuHref(entry: MenuEntry, pathname: string): string {
  if (!entry.to.startsWith("#")) return entry.to;
  if (entry.to === "#contact" && PAGES_WITH_CONTACT.includes(pathname)) return `${pathname}${entry.to}`;
  return `/${entry.to}`;
}

// The header's behaviour (docs/product.md#constants).
export const HEADER = {
  logoMax: 225,
  logoMin: 64,
  shrinkDistance: 300,
  solidAfter: 50,
  fadeInDelayMs: 1400,
  offset: 100,
  tolerance: 10,
} as const;
