// The English catalog: what the first load shows (the shell, the home page, the contact section
// around its form). The screens loaded on demand have their parts in en/ (catalog.ts says why and
// how texts are written). The specification (docs/product.md) fixes these texts character for
// character. Only the roots, tests and test helpers import this module.
export const en = {
  lang: "en",
  app: {
    skipToContent: "Skip to content",
    /** A lazily loaded screen on its way. */
    loading: "Loading…",
  },
  preloader: {
    /** Spelled letter by letter; its font (components/preloader-fonts/loading-word.woff2) holds only these letters. */
    word: "LOADING",
    label: "Loading",
  },
  header: {
    logo: (studio: string) => `${studio}, home`,
    openMenu: "Open menu",
    closeMenu: "Close menu",
    menu: "Menu",
    close: "Close",
    /**
     * The switch to the same page in the other language (components/language-switch.tsx), written
     * in that language: `lang` is its code, `short` what the bar shows, `name` what it says after
     * that to a screen reader ("ES Ver en español").
     */
    otherLanguage: { lang: "es", short: "ES", name: "Ver en español" },
  },
  menu: {
    label: "Site menu",
    nav: "Main",
    visit: "Visit",
    /** By entry (config/navigation.ts MENU_ENTRIES). */
    entries: {
      home: "Home",
      artists: "Artists",
      "our-work": "Our Work",
      portfolio: "Portfolio",
      piercings: "Piercings",
      aftercare: "Aftercare",
      legacy: "Our Legacy",
      contact: "Contact",
    },
  },
  dotNav: {
    label: "Sections",
    /** By home section (config/navigation.ts HOME_SECTIONS). */
    sections: {
      home: "Home",
      brand: "Brand",
      studio: "Studio",
      "our-work": "Our Work",
      piercings: "Piercings",
      artists: "Artists",
      legacy: "Legacy",
      contact: "Contact",
    },
  },
  video: {
    pause: "Pause background video",
    play: "Play background video",
    playVideo: "Play Video",
    /** The film button's accessible name: "Play Video: studio film". */
    playFilm: (film: string) => `Play Video: ${film}`,
    close: "Close",
  },
  /** What `build.py serve` marks on a record the public site leaves out for now. */
  unpublished: { draft: "Draft", scheduled: "Scheduled" },
  /** An artist's books when they are not simply open (card, profile, form). */
  books: { closed: "Books closed", waitlist: "Waitlist" },
  home: {
    hero: {
      title: ["Dallas’s Premier", "Tattoo Atelier", "Since 1996"],
      film: "studio film",
      filmTitle: "Studio film",
      cue: "Scroll to the studio story",
      cueText: "Scroll",
    },
    brand: {
      eyebrow: "The Atelier",
      title: "Where Artistry *Meets Precision*",
      lede:
        "For nearly three decades we have turned ideas into permanent art. Every piece is drawn for the person " +
        "wearing it, refined together at the drawing table and tattooed with the patience and precision that only " +
        "years in the chair can teach.",
      highlights: [
        { label: "Heritage", value: "30 Years", text: "Three decades of custom work from the same Dallas family of artists." },
        { label: "Expertise", value: "Master Artists", text: "An award-winning team of specialists, each a master of their own style." },
        { label: "Excellence", value: "Precision", text: "Clean lines, considered placement and healing that holds for a lifetime." },
      ],
    },
    studio: {
      title: ["Master Craftsmen", "At Work"],
      tagline: "Experience Excellence",
      film: "the studio at work",
      filmTitle: "The studio at work",
    },
    ourWork: {
      eyebrow: "Our Work",
      title: "Every Piece *One of a Kind*",
      lede: "Custom designs across every style, from fine line and realism to bold traditional and blackwork.",
      portfolio: "View Full Portfolio",
    },
    piercings: {
      eyebrow: "Piercing Studio",
      title: "Professional *Piercing* Services",
      explore: "Explore Services",
      film: "piercing film",
      filmTitle: "Piercing film",
    },
    legacy: {
      eyebrow: "Our Legacy",
      title: "Three Decades of *Dallas Ink*",
      lede: "From one chair in 1996 to a studio of master artists: the same promise of custom work, done right.",
      timeline: "Our history",
      portrait: (name: string) => `Portrait of ${name}`,
      inMemoriam: "In Memoriam",
      /** Between the memorial's years, for screen readers ("1970 to 2022"). */
      yearsTo: "to",
      valuesEyebrow: "What We Stand For",
      values: "Our Philosophy",
    },
  },
  artists: {
    kicker: "The Team",
    title: "Our Artists",
    previous: "Previous artists",
    next: "Next artists",
    loading: "Loading artists...",
    /** The artists could not be loaded (lib/artists-store.ts logs its own ARTISTS_LOAD_ERROR). */
    failed: "Failed to load artists",
    /** Swiper's pagination bullets; it fills in {{index}}. */
    goToSlide: "Go to slide {{index}}",
    readMore: "Read More",
    readLess: "Read Less",
    specialties: "Specialties",
    portfolio: (artist: string) => `${artist}'s portfolio`,
    portfolioTitle: "Portfolio",
    instagram: (artist: string, handle: string) => `${artist} on Instagram (@${handle})`,
    contact: (artist: string) => `Contact ${artist}`,
    contactTitle: "Contact",
  },
  /** The contact section around the form (the form's own words: en/contact-form.ts). */
  contact: {
    kicker: "Contact",
    title: "Get in Touch",
    lead: "Tell us about your idea and we will plan it with you.",
    details: "Studio hours and contact details",
    hours: "Hours",
    call: "Call",
    email: "Email",
    studio: "Studio",
    directions: "Get directions",
  },
  footer: {
    tagline: "Custom tattoos and professional piercing in Dallas since 1996.",
    visit: "Visit",
    hours: "Hours",
    follow: "Follow",
    /** A social network's link: "Instagram (opens in a new tab)". */
    social: (network: string) => `${network} (opens in a new tab)`,
    copyright: (year: number, studio: string) => ["© ", year, " ", studio, ". All rights reserved."],
    policies: "Policies",
    privacy: "Privacy",
    credit: "Website by",
  },
  notFound: {
    eyebrow: "Error 404",
    title: "This page has *faded*.",
    lede: "The page you were looking for is not here. It may have moved, or the link may be mistyped.",
    home: "Back to the studio",
    portfolio: "View portfolio",
  },
} as const;
