// The Flash screen's words (/flash and /flash/<artist>, a chunk of its own). See ../catalog.ts.
export const flash = {
  eyebrow: "Drawn and ready",
  title: "Flash",
  intro: "Ready-drawn designs at a set size and price. Claim one and we’ll book you in.",
  loading: "Loading flash...",
  /** The middle part links to the contact form. */
  empty: ["No flash right now. Check back soon, or ", "book a custom piece", "."],
  grid: "Flash designs",
  /** Whole dollars: "$150", "$1,200". */
  price: (dollars: number) => `$${dollars.toLocaleString("en-US")}`,
  view: (design: string, size: string, price: string) => `View ${design}, ${size}, ${price}`,
  /** A design's alt text when the artist wrote none. */
  alt: (design: string, artist: string) => `${design}, flash by ${artist}`,
  claimed: "Claimed",
  picked: "Your pick",
  repeatable: "Repeatable",
  /** In the viewer's caption: "<title> <size · price> by <artist>", the artist's name a link. */
  captionBy: "by",
  claim: "Claim this design",
  /** In the viewer, instead of Claim this design, while the artist's books are closed. */
  closed: (artist: string) => `${artist}’s books are closed: this design cannot be claimed for now.`,
  /** In the viewer, instead of Claim this design, once a visitor's claim holds the design (GET /api/flash/holds). */
  held: "Someone has just claimed this design.",
  viewer: "Flash design viewer",
} as const;
