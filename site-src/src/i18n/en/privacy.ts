// The privacy notice's words (/privacy, a chunk of its own). See ../catalog.ts.
export const privacy = {
  eyebrow: "Your information",
  title: "Privacy Notice",
  intro: "What we keep when you write to us, why, where and for how long, and how to ask for a copy or for it to be deleted.",
  loading: "Loading content...",
  questions: "A Question About Your Information?",
  questionsText: "Write to us for a copy of what we hold about you, or to have it deleted.",
  write: "Email Us",
  contactUs: "Contact Us",
} as const;
