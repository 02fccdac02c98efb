// The aftercare guide's words (/aftercare, a chunk of its own). See ../catalog.ts.
export const aftercare = {
  eyebrow: "Heal beautifully",
  title: "Aftercare Guide",
  intro:
    "Great work deserves great healing. Follow these guidelines to keep your new tattoo or piercing clean, " +
    "comfortable and looking its best for years to come.",
  /** The hidden heading over the two guides. */
  guides: "The guides",
  /** The guides' titles, by their file in content/aftercare/. */
  tattoo: "Tattoo Aftercare",
  piercing: "Piercing Aftercare",
  loading: "Loading content...",
  questions: "Questions About Your Healing?",
  questionsText:
    "Every body heals differently. If something doesn't look or feel right, reach out: we're always happy to " +
    "take a look and advise.",
  contactUs: "Contact Us",
  call: (phone: string) => ["Call ", phone],
} as const;
