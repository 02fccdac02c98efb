// The piercing page's words in Spanish (/es/piercings). The piercings keep the names Spanish-speaking
// piercers use (helix, tragus, conch, daith, septum...). See ../catalog.ts and ../es.ts.
import type { PiercingsStrings } from "../parts/piercings";

export const piercings: PiercingsStrings = {
  hero: {
    eyebrow: "Estudio de piercing",
    title: "Piercing profesional",
    subtitle:
      "Colocación precisa y joyería premium de grado implante, en un estudio estéril donde tu comodidad es lo primero.",
  },
  services: {
    eyebrow: "Lo que ofrecemos",
    title: "Nuestros servicios",
    cards: {
      ear: {
        title: "Piercings de oreja",
        items: ["Lóbulo y lóbulo alto", "Helix y forward helix", "Tragus y antitragus", "Conch y daith", "Rook e industrial"],
      },
      facial: {
        title: "Piercings faciales",
        items: ["Nostril y high nostril", "Septum", "Ceja", "Labio y labret", "Monroe y medusa"],
      },
      body: {
        title: "Piercings corporales",
        items: ["Ombligo", "Pezón", "Piercings de superficie", "Microdermales"],
      },
      additional: {
        title: "Servicios adicionales",
        items: ["Cambio de joyería", "Mejora a joyería premium", "Consultas", "Asesoría de cuidados"],
      },
    },
    book: "Agenda tu piercing",
  },
  partners: {
    eyebrow: "Solo los mejores metales",
    title: "Nuestras marcas de joyería premium",
  },
};
