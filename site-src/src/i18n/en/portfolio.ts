// The portfolio screen's words (/portfolio and /portfolio/<artist>, a chunk of its own), with the
// selected artist's profile. See ../catalog.ts.
export const portfolio = {
  eyebrow: "Custom work since 1996",
  title: "Portfolio",
  intro:
    "Every piece here was drawn for one client and one story. Browse the studio's work, or choose an artist to see theirs.",
  /** The link to the Flash screen beside the artist dropdown. */
  flash: "Flash",
  loading: "Loading portfolio...",
  empty: "No portfolio items found for the selected artist.",
  grid: "Portfolio pieces",
  view: (piece: string, artist: string) => `View ${piece} by ${artist}`,
  /** A piece's alt text when the editor wrote none. */
  alt: (piece: string, artist: string) => `${piece} by ${artist}`,
  /** Under each tile, the artist's name a link. */
  by: (artist: string) => ["By: ", artist],
  /** In the viewer's caption: "<title> by <artist>", the artist's name a link. */
  captionBy: "by",
  viewer: "Portfolio image viewer",
  loadingMore: "Loading more pieces...",
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} pieces`,
  showMore: "Show more",
  profile: {
    experience: (years: number) => [years, " ", years === 1 ? "year" : "years", " of experience"],
    /** After the handle, for screen readers: "@jane on Instagram, Jane's profile (opens in a new tab)". */
    instagram: (artist: string) => [" on Instagram, ", artist, "’s profile (opens in a new tab)"],
    flash: (artist: string) => ["See ", artist, "’s flash"],
  },
} as const;
