// The privacy notice's words in Spanish (/es/privacy). See ../catalog.ts and ../es.ts.
import type { PrivacyStrings } from "../parts/privacy";

export const privacy: PrivacyStrings = {
  eyebrow: "Tus datos",
  title: "Aviso de privacidad",
  intro: "Qué guardamos cuando nos escribes, para qué, dónde y por cuánto tiempo, y cómo pedir una copia o que lo borremos.",
  loading: "Cargando contenido...",
  questions: "¿Dudas sobre tus datos?",
  questionsText: "Escríbenos para pedir una copia de lo que guardamos sobre ti o para que lo borremos.",
  write: "Escríbenos",
  contactUs: "Contáctanos",
};
