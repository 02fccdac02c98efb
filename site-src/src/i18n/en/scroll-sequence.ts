// The scroll animation test page's words (/test, a chunk of its own). See ../catalog.ts.
export const scrollSequence = {
  label: "Scroll animation",
  introTitle: "SCROLL DOWN",
  introText: "Experience the animation",
  /** The text over the frames, by overlay window (sequence-math.ts OVERLAY_WINDOWS). */
  overlays: {
    ear: { title: "Ear Piercings", text: "Lobe, helix, tragus, conch, daith: placed to suit your anatomy." },
    facial: { title: "Facial Piercings", text: "Nostril, septum, eyebrow and lip, with a steady, sterile hand." },
    body: { title: "Body Piercings", text: "Navel, nipple, surface work and dermal anchors." },
    jewelry: { title: "Premium Jewelry", text: "Implant-grade titanium and solid gold from the finest makers." },
  },
  loadingLabel: "Loading animation frames",
  loading: (loaded: number, total: number) => ["Loading ", loaded, " / ", total],
  eyebrow: "Frame by frame",
  title: "Precision You Can See",
  text: [
    "Every piercing starts long before the needle: a conversation about your anatomy, your style and the jewelry " +
      "that will suit you for years. Our piercers work in a fully sterile setting, with single-use needles and " +
      "implant-grade metals only.",
    "Scroll back up to watch the sequence again, or keep exploring the studio: our artists, their portfolios and " +
      "the aftercare guide are a tap away in the menu.",
  ],
} as const;
