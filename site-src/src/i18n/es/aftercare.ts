// The aftercare guide's words in Spanish (/es/aftercare). See ../catalog.ts and ../es.ts.
import type { AftercareStrings } from "../parts/aftercare";

export const aftercare: AftercareStrings = {
  eyebrow: "Para que sane bien",
  title: "Guía de cuidados",
  intro:
    "Un buen trabajo merece sanar bien. Sigue estas indicaciones para que tu tatuaje o piercing nuevo " +
    "se mantenga limpio, cómodo y luciendo de lo mejor por muchos años.",
  guides: "Las guías",
  tattoo: "Cuidado del tatuaje",
  piercing: "Cuidado del piercing",
  loading: "Cargando contenido...",
  questions: "¿Dudas sobre tu cicatrización?",
  questionsText:
    "Cada cuerpo sana de forma distinta. Si algo no se ve o no se siente bien, escríbenos: con gusto le echamos " +
    "un vistazo y te aconsejamos.",
  contactUs: "Contáctanos",
  call: (phone) => ["Llama al ", phone],
};
