// The four service cards of /piercings and their exact lists (docs/product.md#piercings).

export type PiercingService = { id: string; title: string; items: string[] };

export const PIERCING_SERVICES: readonly PiercingService[] = [
  {
    id: "ear",
    title: "Ear Piercings",
    items: ["Lobe & Upper Lobe", "Helix & Forward Helix", "Tragus & Anti-Tragus", "Conch & Daith", "Rook & Industrial"],
  },
  {
    id: "facial",
    title: "Facial Piercings",
    items: ["Nostril & High Nostril", "Septum", "Eyebrow", "Lip & Labret", "Monroe & Medusa"],
  },
  {
    id: "body",
    title: "Body Piercings",
    items: ["Navel", "Nipple", "Surface Piercings", "Dermal Anchors"],
  },
  {
    id: "additional",
    title: "Additional Services",
    items: ["Jewelry Changes", "Premium Upgrades", "Consultation Services", "Aftercare Guidance"],
  },
];
