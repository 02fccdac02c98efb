// The contact form's words (its chunk loads when the visitor comes near the form), with its
// reference images, the tattoo request and the flash design being claimed. See ../catalog.ts.
export const contactForm = {
  form: {
    name: "Name",
    namePlaceholder: "Your full name",
    email: "Email",
    emailPlaceholder: "you@example.com",
    phone: "Phone",
    optional: "(optional)",
    phonePlaceholder: "Best number to reach you",
    artist: "Artist",
    noPreference: "No Preference",
    loadingArtists: "Loading artists...",
    artistsFailed: "Unable to load artists",
    service: "Service",
    message: "Tell us about your idea",
    /** What the fields around it do not ask (placement, size, dates and photos have their own). */
    messagePlaceholder: "Your idea in a few words: the style, what it means to you, anything we should know.",
    /** The spam trap's label: off screen, hidden from assistive technology, for robots only. */
    trap: "Leave this field empty",
    send: "Send Message",
    sending: "Sending...",
    /** The line under Send: "By sending, you agree to our policies and privacy notice" (each a link, when the site has it). */
    agree: "By sending, you agree to our",
    policies: "policies",
    and: "and",
    privacy: "privacy notice",
    /** The same line when the site has a privacy notice and no policies. */
    agreePrivacy: "By sending, you agree to our",
    newTab: "(opens in a new tab)",
    /** The contact function's own words for it (functions/contact/books.py CLOSED_BOOKS). */
    closedBooks: (artist: string, note?: string) =>
      `${artist}'s books are closed${note ? ` (${note})` : ""}. You can still ask them about a touch-up or piercing, or choose another artist.`,
    waitlist: (artist: string, note?: string) =>
      `${artist} has a waitlist${note ? ` (${note})` : ""}: your request goes on the waitlist.`,
  },
  /** What sending says when the contact function's answer carries no words of its own (docs/product.md#errors). */
  send: {
    /** The answer has no success flag and no error text. */
    failed: "Failed to send message. Please try again.",
    /** No answer, or one that is not JSON. */
    unreachable: "Failed to send message. Please try again or contact us directly.",
    /** Success without a message (the contract always sends one). */
    sent: "Thank you! Your message has been sent.",
  },
  images: {
    label: "Reference images",
    add: "Add images",
    /** On a touch screen (no pointer to drag with), in place of `add` and `drop`. */
    addTouch: "Add photos",
    drop: "or drop them here",
    full: (max: number) => `${max} images added`,
    hint: (max: number) => ["Up to ", max, " photos: the placement, designs you love, a tattoo to cover."],
    list: "Images added",
    preview: (n: number) => `Reference image ${n}`,
    progress: (n: number) => `Image ${n}`,
    preparing: "Preparing",
    percent: (percent: number) => `${percent}%`,
    remove: (n: number) => `Remove image ${n}`,
    notSent: "Not sent",
    retry: "Try again",
    /** For screen readers, beside each thumbnail. */
    status: {
      preparing: (n: number) => `Image ${n}: preparing`,
      uploading: (n: number, percent: number) => `Image ${n}: uploading, ${percent}%`,
      uploaded: (n: number) => `Image ${n}: ready`,
      failed: (n: number) => `Image ${n}: not uploaded`,
    },
    /** Why an image was not sent, under the images. */
    problem: (n: number, why: string) => `Image ${n}: ${why}`,
  },
  /** Why an image cannot go (features/contact/image-rules.ts, docs/contact.md). */
  imageErrors: {
    tooMany: (max: number) => `You can add up to ${max} images.`,
    heic:
      "This browser cannot open iPhone HEIC photos. Please choose a JPEG instead (on iPhone, " +
      "Settings › Camera › Formats › Most Compatible), or send your message without it.",
    notImage: "This file is not a picture this browser can open.",
    sourceTooLarge: "This file is too large (over 50 MB).",
    tooLarge: "This image is too large to send, even after shrinking it.",
    expired: "The upload took too long. Please try again.",
    failed: "The image could not be uploaded. Try again, or send your message without it.",
    offline: "The image could not be uploaded (no connection). Try again, or send your message without it.",
    unavailable: "Images cannot be uploaded right now. You can send your message without them.",
    waitFailed: "Some images were not uploaded. Remove them or try again, then send your message.",
  },
  /**
   * The options of the form's lists as a visitor reads them, by the value sent (the contact
   * function's, functions/contact/choices.json): English shows the values themselves, so its
   * tables are empty; another language names each value (a table missing one shows the value).
   */
  choices: {
    services: {} as Record<string, string>,
    placement: {} as Record<string, string>,
    size: {} as Record<string, string>,
    budget: {} as Record<string, string>,
    availability: {} as Record<string, string>,
  },
  /** The tattoo request's questions; the options' values are the contact function's (choices.json). */
  request: {
    /** The one control that unfolds the questions (open once chosen, or for a claimed design). */
    toggle: "Add details",
    legend: "About your tattoo",
    hint: "A few answers help your artist reply with a plan and a quote.",
    notSure: "Not sure yet",
    placement: "Placement",
    size: "Approximate size",
    budget: "Budget",
    colour: "Color or black and gray",
    /** By the value sent. */
    colours: { colour: "Color", "black-and-grey": "Black and gray" },
    availability: "When are you free?",
    firstTattoo: "First tattoo?",
    /** By the value sent. */
    answers: { yes: "Yes", no: "No" },
    age: "Age",
    /** By the value sent. */
    ages: { "18+": "18 or older", "under-18": "Under 18" },
    minors: "Under 18: what Texas law requires",
    tattooLabel: "Tattoo:",
    tattoo: "only to cover an existing tattoo, with a parent or legal guardian present with ID.",
    piercingLabel: "Piercing:",
    piercing: "a parent or legal guardian present with ID.",
    studioRule: "Our studio:",
  },
  /** The flash design being claimed, above the message (features/contact/claimed-design.tsx). */
  claim: {
    kicker: "Flash design",
    /** Whole dollars: "$150", "$1,200". */
    price: (dollars: number) => `$${dollars.toLocaleString("en-US")}`,
    remove: "Remove",
    removeLabel: (design: string) => `Remove ${design}`,
    otherArtist: (artist: string, other: string) =>
      `${artist} drew this design and tattoos it; ${other} can draw you a custom piece instead.`,
  },
} as const;
