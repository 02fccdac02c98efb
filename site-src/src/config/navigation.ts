// The overlay menu's entries (in this order) and the side dot navigation (docs/product.md#header-and-menu).

export type MenuEntry = { label: string; to: string };

/** Pages that carry the contact section themselves: "Contact" stays on them. */
export const PAGES_WITH_CONTACT = ["/", "/piercings"];

export const MENU_ENTRIES: MenuEntry[] = [
  { label: "Home", to: "/" },
  { label: "Artists", to: "#artists" },
  { label: "Our Work", to: "#our-work" },
  { label: "Portfolio", to: "/portfolio" },
  { label: "Piercings", to: "/piercings" },
  { label: "Aftercare", to: "/aftercare" },
  { label: "Our Legacy", to: "#legacy" },
  { label: "Contact", to: "#contact" },
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

export type DotSection = { id: string; label: string };

export const DOT_SECTIONS: DotSection[] = [
  { id: "home", label: "Home" },
  { id: "brand", label: "Brand" },
  { id: "studio", label: "Studio" },
  { id: "our-work", label: "Our Work" },
  { id: "piercings", label: "Piercings" },
  { id: "artists", label: "Artists" },
  { id: "legacy", label: "Legacy" },
  { id: "contact", label: "Contact" },
];

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
