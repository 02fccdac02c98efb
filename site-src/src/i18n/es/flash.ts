// The Flash screen's words in Spanish (/es/flash). "Flash" stays: the tattoo word, as Spanish-speaking
// studios say it. See ../catalog.ts and ../es.ts.
import type { FlashStrings } from "../parts/flash";

export const flash: FlashStrings = {
  eyebrow: "Dibujados y listos",
  title: "Flash",
  intro: "Diseños ya dibujados, con tamaño y precio fijos. Aparta uno y te damos cita.",
  loading: "Cargando flash...",
  /** The middle part links to the contact form. */
  empty: ["Por ahora no hay diseños flash. Vuelve pronto, o ", "pide una pieza personalizada", "."],
  grid: "Diseños flash",
  /** Whole US dollars, written as the price list writes them: "$150", "$1,200". */
  price: (dollars) => `$${dollars.toLocaleString("en-US")}`,
  view: (design, size, price) => `Ver ${design}, ${size}, ${price}`,
  alt: (design, artist) => `${design}, flash de ${artist}`,
  claimed: "Apartado",
  picked: "Tu elección",
  repeatable: "Repetible",
  /**
   * In the viewer's caption: "<title> <size · price> · de <artist>", the artist's name a link (a bare
   * "de" after the price would read as the artist's price).
   */
  captionBy: "· de",
  claim: "Apartar este diseño",
  closed: (artist) => `La agenda de ${artist} está cerrada: por ahora este diseño no se puede apartar.`,
  held: "Alguien acaba de apartar este diseño.",
  viewer: "Visor de diseños flash",
};
