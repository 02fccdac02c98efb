// The piercing page's words (/piercings, a chunk of its own; the contact section below is the
// home page's). See ../catalog.ts.
export const piercings = {
  hero: {
    eyebrow: "Piercing Studio",
    title: "Professional Piercing",
    subtitle: "Precise placement and premium, implant-grade jewelry, in a sterile studio that puts your comfort first.",
  },
  services: {
    eyebrow: "What we offer",
    title: "Our Services",
    /** The four cards and their exact lists (docs/product.md#piercings), by id. */
    cards: {
      ear: {
        title: "Ear Piercings",
        items: ["Lobe & Upper Lobe", "Helix & Forward Helix", "Tragus & Anti-Tragus", "Conch & Daith", "Rook & Industrial"],
      },
      facial: {
        title: "Facial Piercings",
        items: ["Nostril & High Nostril", "Septum", "Eyebrow", "Lip & Labret", "Monroe & Medusa"],
      },
      body: {
        title: "Body Piercings",
        items: ["Navel", "Nipple", "Surface Piercings", "Dermal Anchors"],
      },
      additional: {
        title: "Additional Services",
        items: ["Jewelry Changes", "Premium Upgrades", "Consultation Services", "Aftercare Guidance"],
      },
    },
    book: "Book Your Piercing",
  },
  partners: {
    eyebrow: "Only the best metals",
    title: "Premium Jewelry Partners",
  },
} as const;
