// The deposit pages' words (/deposit/paid and /deposit/cancelled, where Stripe Checkout sends a
// visitor back; a chunk of its own). See ../catalog.ts.
export const deposit = {
  paid: {
    eyebrow: "Deposit received",
    title: "Thank you, your spot is held",
    intro: "Your deposit went through and your appointment is booked. We can't wait to see you in the chair.",
    nextTitle: "What happens next",
    next: [
      "You and the studio each get an email confirming the booking, usually within a few minutes.",
      "Your artist gets in touch to settle the date and time, if they are not set yet, and to talk through your design.",
      "Need to move your appointment? Our policies explain how deposits, rescheduling and cancelling work.",
    ],
    policies: "Read our policies",
    home: "Back to home",
  },
  cancelled: {
    eyebrow: "Deposit not paid",
    title: "Nothing was charged",
    intro: "You left the payment page before paying, so your card was not charged and nothing has changed.",
    linkTitle: "Ready when you are",
    link:
      "The payment link in our email still works: open it again whenever you are ready, until the request " +
      "expires. After that the studio can no longer hold the appointment for you.",
    helpTitle: "Questions, or another way to pay?",
    help: "Call or write to us: we are happy to help.",
    call: (phone: string) => ["Call ", phone],
    email: (address: string) => ["Email ", address],
    home: "Back to home",
  },
} as const;
