// The four service cards of /piercings, in their order; their titles and exact lists are the
// catalog's (i18n/en/piercings.ts, docs/product.md#piercings).

export const PIERCING_SERVICES = ["ear", "facial", "body", "additional"] as const;

export type PiercingService = (typeof PIERCING_SERVICES)[number];
