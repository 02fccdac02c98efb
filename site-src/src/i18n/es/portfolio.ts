// The portfolio screen's words in Spanish (/es/portfolio), with the selected artist's profile.
// See ../catalog.ts and ../es.ts.
import type { PortfolioStrings } from "../parts/portfolio";

export const portfolio: PortfolioStrings = {
  eyebrow: "Trabajo personalizado desde 1996",
  title: "Portafolio",
  intro:
    "Cada pieza que ves aquí se dibujó para una persona y una historia. Explora el trabajo del estudio, o elige a un " +
    "artista para ver el suyo.",
  flash: "Flash",
  loading: "Cargando portafolio...",
  empty: "No encontramos piezas del artista seleccionado en el portafolio.",
  grid: "Piezas del portafolio",
  view: (piece, artist) => `Ver ${piece} de ${artist}`,
  alt: (piece, artist) => `${piece} de ${artist}`,
  by: (artist) => ["Por: ", artist],
  /** In the viewer's caption: "<title> de <artist>", the artist's name a link. */
  captionBy: "de",
  viewer: "Visor de imágenes del portafolio",
  loadingMore: "Cargando más piezas...",
  showing: (shown, total) => `Mostrando ${shown} de ${total} piezas`,
  showMore: "Ver más",
  profile: {
    experience: (years) => [years, " ", years === 1 ? "año" : "años", " de experiencia"],
    /** After the handle, for screen readers: "@jane en Instagram, perfil de Jane (se abre en una pestaña nueva)". */
    instagram: (artist) => [" en Instagram, perfil de ", artist, " (se abre en una pestaña nueva)"],
    flash: (artist) => ["Ver el flash de ", artist],
  },
};
