// The studio policies' words (/policies, a chunk of its own). See ../catalog.ts.
export const policies = {
  eyebrow: "Before you book",
  title: "Studio Policies",
  intro:
    "Deposits, cancellations and rescheduling, age and ID, and touch-ups: how we work, so every appointment goes " +
    "smoothly.",
  loading: "Loading content...",
  questions: "Questions Before You Book?",
  questionsText: "Ask us anything about deposits, dates or ID: we are happy to help.",
  contactUs: "Contact Us",
  call: (phone: string) => ["Call ", phone],
} as const;
