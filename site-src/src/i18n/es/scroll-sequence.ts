// The scroll animation test page's words in Spanish (/es/test). See ../catalog.ts and ../es.ts.
import type { ScrollSequenceStrings } from "../parts/scroll-sequence";

export const scrollSequence: ScrollSequenceStrings = {
  label: "Animación al desplazarte",
  introTitle: "DESLIZA HACIA ABAJO",
  introText: "Vive la animación",
  overlays: {
    ear: { title: "Piercings de oreja", text: "Lóbulo, helix, tragus, conch, daith: colocados según tu anatomía." },
    facial: { title: "Piercings faciales", text: "Nariz, septum, ceja y labio, con mano firme y en condiciones estériles." },
    body: { title: "Piercings corporales", text: "Ombligo, pezón, piercings de superficie y microdermales." },
    jewelry: { title: "Joyería premium", text: "Titanio de grado implante y oro sólido de los mejores fabricantes." },
  },
  loadingLabel: "Cargando los cuadros de la animación",
  loading: (loaded, total) => ["Cargando ", loaded, " / ", total],
  eyebrow: "Cuadro por cuadro",
  title: "Precisión que se nota",
  text: [
    "Cada piercing empieza mucho antes de la aguja: con una conversación sobre tu anatomía, tu estilo y la joyería " +
      "que te va a quedar bien por años. Nuestro equipo de piercing trabaja en un entorno totalmente estéril, solo " +
      "con agujas de un solo uso y metales de grado implante.",
    "Vuelve a subir para ver la secuencia otra vez, o sigue explorando el estudio: nuestros artistas, sus portafolios " +
      "y la guía de cuidados están a un toque en el menú.",
  ],
};
