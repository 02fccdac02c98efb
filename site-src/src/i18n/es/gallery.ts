// The image viewer's and the artist dropdown's words in Spanish. See ../catalog.ts and ../es.ts.
import type { GalleryStrings } from "../parts/gallery";

export const gallery: GalleryStrings = {
  lightbox: {
    label: "Visor de imágenes",
    previous: "Imagen anterior",
    next: "Imagen siguiente",
    close: "Cerrar",
    loading: "Cargando imagen",
    broken: "No se pudo cargar esta imagen",
    counter: (n, count) => `Imagen ${n} de ${count}`,
  },
  artistFilter: {
    label: "Artista",
    all: "Todos los artistas",
  },
};
