// The studio policies' words in Spanish (/es/policies). See ../catalog.ts and ../es.ts.
import type { PoliciesStrings } from "../parts/policies";

export const policies: PoliciesStrings = {
  eyebrow: "Antes de agendar",
  title: "Políticas del estudio",
  intro:
    "Depósitos, cancelaciones y cambios de cita, edad e identificación, y retoques: así trabajamos, para que cada " +
    "cita salga sin contratiempos.",
  loading: "Cargando contenido...",
  questions: "¿Dudas antes de agendar?",
  questionsText: "Pregúntanos lo que quieras sobre depósitos, fechas o identificación: con gusto te ayudamos.",
  contactUs: "Contáctanos",
  call: (phone) => ["Llama al ", phone],
};
