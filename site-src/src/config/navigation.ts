// The home page's sections, the side dot navigation and the overlay menu's entries, in their
// order (docs/product.md#header-and-menu).

export type MenuEntry = { label: string; to: string };

/** Pages that carry the contact section themselves: "Contact" stays on them. */
export const PAGES_WITH_CONTACT = ["/", "/piercings"];

export type HomeSection = { id: string; label: string };

/**
 * The home page's sections (their element ids), in the side dots' order and with their labels:
 * the one list of them. The menu's entries into the home page are made from it below.
 */
export const HOME_SECTIONS = [
  { id: "home", label: "Home" },
  { id: "brand", label: "Brand" },
  { id: "studio", label: "Studio" },
  { id: "our-work", label: "Our Work" },
  { id: "piercings", label: "Piercings" },
  { id: "artists", label: "Artists" },
  { id: "legacy", label: "Legacy" },
  { id: "contact", label: "Contact" },
] as const satisfies readonly HomeSection[];

/** A menu entry to a home section: its anchor, and its label unless the menu words it otherwise. */
const toSection = (id: (typeof HOME_SECTIONS)[number]["id"], label?: string): MenuEntry => ({
  label: label ?? HOME_SECTIONS.find((s) => s.id === id)!.label,
  to: `#${id}`,
});

export const MENU_ENTRIES: MenuEntry[] = [
  { label: "Home", to: "/" },
  toSection("artists"),
  toSection("our-work"),
  { label: "Portfolio", to: "/portfolio" },
  { label: "Piercings", to: "/piercings" },
  { label: "Aftercare", to: "/aftercare" },
  toSection("legacy", "Our Legacy"),
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
