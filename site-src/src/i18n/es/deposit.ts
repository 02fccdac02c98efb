// The deposit pages' words in Spanish (/es/deposit/paid, /es/deposit/cancelled). See ../catalog.ts
// and ../es.ts.
import type { DepositStrings } from "../parts/deposit";

export const deposit: DepositStrings = {
  paid: {
    eyebrow: "Depósito recibido",
    title: "Gracias, tu lugar está apartado",
    intro: "Tu depósito se pagó y tu cita quedó agendada. Ya queremos verte en la silla.",
    nextTitle: "Lo que sigue",
    next: [
      "Tú y el estudio reciben un correo que confirma la cita, por lo general en unos minutos.",
      "Tu artista se pone en contacto contigo para fijar el día y la hora, si aún no están definidos, y para platicar sobre tu diseño.",
      "¿Necesitas cambiar tu cita? Nuestras políticas explican cómo funcionan los depósitos, los cambios de cita y las cancelaciones.",
    ],
    policies: "Lee nuestras políticas",
    home: "Volver al inicio",
  },
  cancelled: {
    eyebrow: "Depósito sin pagar",
    title: "No se hizo ningún cargo",
    intro: "Saliste de la página de pago antes de pagar, así que no se cobró nada a tu tarjeta y todo sigue igual.",
    linkTitle: "Cuando quieras",
    link:
      "El enlace de pago de nuestro correo sigue funcionando: ábrelo de nuevo cuando quieras, hasta que la " +
      "solicitud venza. Después, el estudio ya no podrá apartarte la cita.",
    helpTitle: "¿Dudas, o prefieres pagar de otra forma?",
    help: "Llámanos o escríbenos: con gusto te ayudamos.",
    call: (phone) => ["Llama al ", phone],
    email: (address) => ["Escribe a ", address],
    home: "Volver al inicio",
  },
};
