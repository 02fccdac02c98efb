"""What the visitor reads, in Spanish: the same names as messages.py (English), for the
Spanish pages of the site (a form that sends `"lang": "es"`).

Written as the studio speaks to its visitors in Dallas: Latin American Spanish, "tú", warm
and plain, not word for word. Each template has the same `{fields}` as its English text
(tests/test_contact_spanish.py); INVALID_EMAIL alone leaves out the email-validator's
English {detail} and says it in a sentence of its own. Values the form sends from its lists
("Forearm", "Tattoo Consultation") and what an artist's file says (a books note) are quoted
as they are.
"""

from ..contract import MAX_IMAGES

_REPLY_TIME = "en menos de 24 horas"
THANK_YOU = f"¡Gracias! Tu mensaje fue enviado. Te responderemos {_REPLY_TIME}."
UNAVAILABLE = (
    "Lo sentimos, no pudimos enviar tu mensaje en este momento. Inténtalo de nuevo en unos "
    "minutos, o llámanos o escríbenos directamente."
)
TOO_LARGE = "Tu mensaje es demasiado largo para enviarlo. Acórtalo e inténtalo de nuevo."
NOT_JSON = (
    "No pudimos leer los datos del formulario (se esperaba JSON). Vuelve a cargar la página "
    "e inténtalo de nuevo."
)
NOT_UTF8 = (
    "No pudimos leer los datos del formulario (se esperaba texto UTF-8). Vuelve a cargar la "
    "página e inténtalo de nuevo."
)
NUMBER_TOO_LONG = (
    "No pudimos leer los datos del formulario (traen un número demasiado largo). "
    "Vuelve a cargar la página e inténtalo de nuevo."
)
WRONG_METHOD = "Los mensajes solo se pueden enviar con el formulario de contacto (POST)."
NOT_JSON_TYPE = (
    "Los mensajes deben enviarse como JSON (Content-Type: application/json). "
    "Vuelve a cargar la página e inténtalo de nuevo."
)
TOO_MANY = (
    "Enviaste varios mensajes en poco tiempo. Espera {minutes} y vuelve a intentarlo, "
    "o llámanos o escríbenos directamente."
)
MINUTE = "un minuto"
MINUTES = "{count} minutos"

# As a sentence's subject ({label}); in lower case, inside a sentence ({name}: "Escribe tu
# nombre."). The form's own fields say "tu": all four are masculine ("es demasiado largo").
LABELS = {
    "name": "Tu nombre",
    "email": "Tu correo electrónico",
    "phone": "Tu número de teléfono",
    "message": "Tu mensaje",
    "artist": "El artista",
    "service": "El servicio",
    "placement": "La zona del cuerpo",
    "size": "El tamaño",
    "colour": "El color",
    "budget": "El presupuesto",
    "age": "La edad",
    "availability": "La disponibilidad",
    "token": "El enlace",
    "dob": "La fecha de nacimiento",
    "id_type": "El tipo de identificación con foto",
    "id_last4": "Los últimos cuatro caracteres de la identificación",
    "emergency_name": "El nombre del contacto de emergencia",
    "emergency_phone": "El teléfono del contacto de emergencia",
    "answers": "Las preguntas de salud",
    "risks": "Los riesgos",
    "aftercare": "Los cuidados",
    "cover_up": "La cobertura",
    "signature": "La firma",
    "agree": "La conformidad",
    "guardian_name": "El nombre de la madre, el padre o el tutor",
    "guardian_relationship": "El parentesco",
    "guardian_id_type": "El tipo de identificación de la madre, el padre o el tutor",
    "guardian_id_last4": "Los últimos cuatro caracteres de su identificación",
    "guardian_signature": "La firma de la madre, el padre o el tutor",
    "guardian_agree": "La conformidad de la madre, el padre o el tutor",
}
NOT_AN_OBJECT = "La solicitud debe ser un objeto JSON con name, email y message."
MUST_BE_TEXT = "{label} debe ser texto."
ENTER = "Escribe {name}."
TOO_LONG = "{label} es demasiado largo: tiene {length} caracteres y el máximo es {limit}."
CANNOT_BE_SENT = "{label} tiene caracteres que no se pueden enviar."
ONE_LINE = "{label} debe ir en una sola línea."
CONTROL_CHARACTERS = "{label} tiene caracteres de control invisibles."
DIRECTION_CHARACTERS = (
    "{label} tiene caracteres invisibles que cambian la dirección del texto; "
    "escríbelo de nuevo en lugar de pegarlo."
)
INVALID_EMAIL = (
    "Escribe un correo electrónico válido, por ejemplo nombre@ejemplo.com: "
    "revisa que no le falte nada y que no tenga espacios."
)
EMAIL_ENCODED_WORD = 'Escribe un correo electrónico válido. No puede contener "=?".'
SHORT_PHONE = "Escribe un número de teléfono de al menos 7 dígitos, o deja el campo vacío."
UNKNOWN_CHOICE = '{label} "{value}" no es una de las opciones: elige una de la lista.{hint}'
DID_YOU_MEAN = ' ¿Quisiste decir "{value}"?'
TIMER_INVALID = (
    "No pudimos leer el temporizador del formulario: vuelve a cargar la página e inténtalo "
    "de nuevo."
)
AVAILABILITY_NOT_A_LIST = "La disponibilidad debe ser una lista de opciones del formulario."
AVAILABILITY_TOO_MANY = "Elegiste {count} opciones de disponibilidad: puedes elegir hasta {limit}."
AVAILABILITY_TWICE = (
    '"{value}" aparece dos veces en tu disponibilidad: elige cada opción una sola vez.'
)
NOT_YES_OR_NO = 'La respuesta a "¿Es tu primer tatuaje?" debe ser sí o no (true o false).'
BAD_POLICIES_VERSION = (
    "La versión de las políticas debe tener 16 dígitos hexadecimales en minúsculas (la "
    "versión de la página de políticas que leíste): vuelve a cargar la página e inténtalo "
    "de nuevo."
)
CLOSED_BOOKS = (
    "La agenda de {artist} está cerrada{note}. Todavía puedes preguntarle por un retoque o "
    "un piercing, o elegir a otro artista."
)

FLASH_NOT_TEXT = "El diseño flash debe ser texto: el id de un diseño de la página de Flash."
FLASH_TOO_LONG = (
    "El diseño flash es demasiado largo: tiene {length} caracteres y el máximo es {limit}."
)
FLASH_MALFORMED = (
    'El diseño flash no es un diseño de la página de Flash (un id como "tasha-monroe/swallow"): '
    "vuelve a elegirlo ahí."
)
FLASH_UNKNOWN = (
    'No encontramos el diseño flash "{id}". Puede que ya no esté disponible: '
    "elige otro en la página de Flash."
)
FLASH_CLAIMED = (
    'Alguien más ya apartó "{title}" de {artist}. Elige otro diseño en la página de Flash, '
    "o cuéntanos en tu mensaje qué te gustaría."
)
FLASH_HELD = (
    "Alguien acaba de apartar este diseño. Elige otro diseño en la página de Flash, "
    "o cuéntanos en tu mensaje qué te gustaría."
)
FLASH_OTHER_ARTIST = (
    '"{title}" es un diseño flash de {artist}, y solo {artist} lo tatúa: elige a {artist} '
    '(o "Sin preferencia") como artista, o envía tu mensaje sin el diseño para preguntarle '
    "a {chosen}."
)

UPLOADS_UNAVAILABLE = (
    "Lo sentimos, en este momento no se pueden subir imágenes. Puedes enviar tu mensaje sin "
    "ellas, o intentarlo de nuevo en unos minutos."
)
TOO_MANY_UPLOADS = (
    "Agregaste muchas imágenes en poco tiempo. Espera {minutes} y vuelve a intentarlo, "
    "o envía tu mensaje sin ellas."
)
UPLOADS_BUSY = (
    "Lo sentimos, el estudio recibió muchas imágenes en la última hora. Vuelve a intentarlo "
    "en {minutes}, o envía tu mensaje sin ellas."
)
NOT_A_GRANT_REQUEST = "La solicitud debe ser un objeto JSON con el tipo de la imagen."
NO_UPLOADS = (
    "En este momento no podemos recibir imágenes de referencia: quítalas y envía tu mensaje "
    "sin ellas."
)
IMAGE_MISSING = "no se encontró (puede que se haya vencido, o que se haya enviado con otro mensaje)"
IMAGE_TAKEN = "ya se envió con otro mensaje"
REMOVE_OR_SEND = "Quítala y vuelve a agregarla, o envía tu mensaje sin ella."
REMOVE_OR_SEND_MANY = "Quítalas y vuelve a agregarlas, o envía tu mensaje sin ellas."
IMAGE_NUMBER = "La imagen {number} {problem}."
THIS_IMAGE = "Esta imagen {problem}."
NOT_A_PICTURE = "no es una foto JPEG ni WebP"
WRONG_KIND = "no es el tipo de imagen con el que se envió"
IMAGE_TOO_HEAVY = "es demasiado grande ({megabytes:.1f} MB; el máximo es {limit} MB)"
IMAGE_TOO_WIDE = "es demasiado grande ({width}x{height} píxeles; el máximo es {limit} por lado)"
REFERENCES_NOT_A_LIST = (
    "No pudimos leer las imágenes de referencia: vuelve a cargar la página e inténtalo de nuevo."
)
TOO_MANY_REFERENCES = f"Puedes adjuntar hasta {MAX_IMAGES} imágenes de referencia; quita algunas."
REFERENCE_FORGED = "No encontramos una de las imágenes de referencia: quítala y vuelve a agregarla."
REFERENCES_MIXED = (
    "Las imágenes de referencia vienen de distintas visitas al formulario: "
    "quítalas y vuelve a agregarlas."
)
SESSION_INVALID = (
    "La sesión para subir imágenes no es válida: vuelve a cargar la página e inténtalo de nuevo."
)
TYPE_INVALID = "Las imágenes deben enviarse como JPEG o WebP: vuelve a agregar la imagen."

PAGES = "/es"
CONFIRMATION_SUBJECT = "Recibimos tu mensaje"
GREETING = "¡Hola, {first}!"
GREETING_NO_NAME = "¡Hola!"
ARRIVED = (
    "Gracias por escribirle al estudio: tu mensaje llegó bien, y uno de nuestros artistas te "
    f"responderá a este correo {_REPLY_TIME}."
)
ON_THE_WAITLIST = (
    "La agenda de {artist} tiene lista de espera y tu solicitud ya está en ella: "
    "el estudio te avisará cuando se abra un lugar."
)
READ_THE_POLICIES = (
    "Antes de tu cita, lee nuestras políticas (depósitos, cancelaciones y cambios de cita, "
    "edad e identificación, retoques): {url}"
)
READ_THE_AFTERCARE = "Y cómo cuidar tu tatuaje o piercing nuevo: {url}"
ADD_BY_REPLYING = "Si quieres agregar algo a tu mensaje, responde a este correo."
NOT_YOU = (
    "Alguien escribió esta dirección en el formulario de contacto de {url}. Si no fuiste tú, "
    "ignora este correo: no te enviaremos nada más."
)

# El correo al visitante cuando el estudio responde a su solicitud (logic/requests.py).
BOOKED_SUBJECT = "Tu solicitud fue aceptada"
BOOKED = "Buenas noticias: el estudio aceptó tu solicitud y ya tienes tu lugar reservado."
PROPOSED_WHEN = "El estudio propone: {when}"
WILL_CALL = "El estudio se pondrá en contacto contigo para acordar el día y la hora."
STUDIO_NOTE = "Una nota del estudio:"
DECLINED_SUBJECT = "Sobre tu solicitud"
DECLINED = "Gracias por escribirle al estudio."
DECLINE_REASONS = {
    "books-full": "Por ahora nuestra agenda está llena, así que no podemos tomar tu solicitud.",
    "style": "Tu idea no es de un estilo que haga este artista, así que no podemos tomarla.",
    "age": (
        "Solo podemos tatuar o perforar a personas que cumplan los requisitos de edad de "
        "nuestras políticas."
    ),
    "other": "No podemos tomar tu solicitud.",
}
WAITLISTED_SUBJECT = "Estás en la lista de espera"
WAITLISTED = (
    "El estudio puso tu solicitud en su lista de espera: te escribiremos en cuanto se abra "
    "un lugar."
)
ANSWER_BY_REPLYING = "Para responder, contesta a este correo."

# El depósito (logic/deposits.py, deposit_schedule.py): los correos y páginas del visitante.
DEPOSIT_ITEM = "Depósito: {service}"
DEPOSIT_SUBJECT = "Tu solicitud fue aceptada: un depósito reserva tu lugar"
DEPOSIT_ASKED = (
    "Buenas noticias: el estudio aceptó tu solicitud. Para reservar tu lugar, paga un "
    "depósito de {amount}."
)
PAY_THE_DEPOSIT = "Paga el depósito: {url}"
DEPOSIT_UNTIL = "El enlace funciona hasta el {date}; después, la solicitud se vence."
DEPOSIT_REMINDER_SUBJECT = "Un recordatorio: tu depósito"
DEPOSIT_REMINDER = (
    "El estudio todavía te guarda el lugar: para conservarlo, paga el depósito de {amount} "
    "antes del {date}."
)
DEPOSIT_PAID_SUBJECT = "Tu depósito está pagado: tu lugar está reservado"
DEPOSIT_PAID = "Gracias: tu depósito de {amount} está pagado y tu lugar está reservado."
DEPOSIT_EXPIRED_SUBJECT = "Tu solicitud se venció"
DEPOSIT_EXPIRED = (
    "El depósito de tu solicitud no se pagó a tiempo, así que el lugar que el estudio te "
    "guardaba quedó libre. Si todavía quieres una cita, responde a este correo."
)
PAGE_PAID_TITLE = "Tu depósito está pagado"
PAGE_PAID = (
    "Tu depósito está pagado y tu lugar está reservado: el estudio te envió los detalles "
    "por correo."
)
PAGE_EXPIRED_TITLE = "Esta solicitud se venció"
PAGE_EXPIRED = (
    "El depósito no se pagó a tiempo y el lugar quedó libre. Para pedir una cita de nuevo, "
    "responde al correo del estudio."
)
PAGE_DECLINED_TITLE = "Esta solicitud está cerrada"
PAGE_DECLINED = "El estudio ya no puede tomar esta solicitud, así que no hay depósito que pagar."
PAGE_LINK_UNKNOWN_TITLE = "Enlace no válido"
PAGE_LINK_UNKNOWN = "Este enlace no es válido. Abre el enlace del correo tal como llegó."
PAGE_UNAVAILABLE_TITLE = "Inténtalo de nuevo"
PAGE_UNAVAILABLE = (
    "No pudimos abrir la página de pago en este momento; no se cobró nada. Vuelve a abrir "
    "el enlace en unos minutos."
)

# El enlace "Eliminar mi solicitud" del visitante (logic/forget_link.py, docs/privacy.md).
DELETE_MY_REQUEST = "Para eliminar tu solicitud y todo lo que enviaste con ella: {url}"
PAGE_FORGET_TITLE = "¿Eliminar tu solicitud?"
PAGE_FORGET = (
    "Esto elimina de los registros del estudio la solicitud que enviaste con el formulario "
    "de contacto, con sus fotos. Los correos que el estudio ya recibió no se tocan con este "
    "enlace: pídele al estudio que también los elimine si quieres."
)
PAGE_FORGET_BUTTON = "Eliminar mi solicitud"
PAGE_FORGOTTEN_TITLE = "Tu solicitud está eliminada"
PAGE_FORGOTTEN = "Tu solicitud y sus fotos están eliminadas de los registros del estudio."
PAGE_FORGET_GONE_TITLE = "Ya eliminada"
PAGE_FORGET_GONE = "Esta solicitud ya no se guarda: se eliminó antes."
PAGE_FORGET_EXPIRED_TITLE = "Este enlace ha vencido"
PAGE_FORGET_EXPIRED = (
    "Este enlace ha vencido. Para que eliminen tu solicitud, responde al correo del estudio."
)
PAGE_FORGET_UNAVAILABLE = (
    "No pudimos eliminar tu solicitud en este momento; nada ha cambiado. Vuelve a abrir el "
    "enlace en unos minutos."
)
# El formulario de consentimiento de una cita (logic/consent.py, models/consent.py).
SIGN_THE_CONSENT = "Antes de tu cita, llena y firma el formulario de consentimiento: {url}"
CONSENT_DOB = "Escribe tu fecha de nacimiento como año-mes-día, por ejemplo 1990-04-23."
CONSENT_ID_TYPE = "Elige el tipo de identificación con foto que mostrarás en el estudio."
CONSENT_ID_LAST4 = "{label}: escribe exactamente cuatro letras o dígitos."
CONSENT_ANSWERS = "Responde todas las preguntas de salud."
CONSENT_RISKS = "Confirma que leíste los riesgos."
CONSENT_AFTERCARE = "Confirma que leíste la guía de cuidados."
CONSENT_AGREE = "Marca la casilla para firmar."
CONSENT_SIGNATURE = "Para firmar, escribe tu nombre completo tal como lo escribiste arriba."
CONSENT_GUARDIAN_SIGNATURE = (
    "Para firmar, la madre, el padre o el tutor escribe su nombre completo tal como está arriba."
)
CONSENT_RELATIONSHIP = "Elige el parentesco del adulto que firma con la persona cliente."
CONSENT_MINOR_NO_TATTOO = (
    "A menores de 18 años, la ley de Texas solo permite un tatuaje para cubrir otro, con su "
    "mamá, papá o tutor presente, y este estudio no tatúa a menores de 18 años. Responde al "
    "correo del estudio."
)
CONSENT_MINOR_COVER_UP = (
    "A menores de 18 años, la ley de Texas solo permite un tatuaje para cubrir otro: confirma "
    "que este tatuaje cubre uno."
)
CONSENT_LINK_UNKNOWN = (
    "Este enlace no es válido. Abre el enlace del correo del estudio tal como llegó."
)
CONSENT_LINK_EXPIRED = "Este enlace ya venció. Responde al correo del estudio para pedir otro."
CONSENT_ALREADY = (
    "Este formulario de consentimiento ya se firmó ({when}). Para cambiar algo, responde al "
    "correo del estudio."
)
CONSENT_CLOSED = "Esta cita no tiene formulario de consentimiento. Responde al correo del estudio."
CONSENT_SIGNED = (
    "Gracias: tu formulario de consentimiento está firmado y el estudio tiene una copia."
)
CONSENT_UNAVAILABLE = (
    "No pudimos guardar el formulario en este momento; no se firmó nada. Inténtalo de nuevo "
    "en unos minutos."
)

# Después de la sesión (logic/after_booking.py): los cuidados del día y la petición de reseña.
AFTERCARE_SUBJECT = {
    "tattoo": "Cómo cuidar tu tatuaje nuevo",
    "piercing": "Cómo cuidar tu piercing nuevo",
}
AFTERCARE_INTRO = (
    "Gracias por venir. Así se cuida tu {kind} mientras sana: sigue primero las indicaciones "
    "de tu artista."
)
AFTERCARE_KIND = {"tattoo": "tatuaje nuevo", "piercing": "piercing nuevo"}
AFTERCARE_CALL = (
    "¿Alguna pregunta, o una señal de infección o de reacción alérgica? Llámanos: {phone}."
)
AFTERCARE_ONLINE = "La guía en nuestro sitio: {url}"
REVIEW_SUBJECT = "¿Nos dejas una reseña de tu visita?"
REVIEW_ASK = (
    "Gracias por elegirnos. Si tienes un minuto, una reseña de tu visita ayuda a otras "
    "personas a encontrar el estudio, sea cual sea tu opinión: {url}"
)
REVIEW_OFF = "Para no recibir más peticiones de reseña: {url}"
REVIEWS_OFF_TITLE = "No más peticiones de reseña"
REVIEWS_OFF_ASK = "¿Dejar de recibir correos del estudio que piden una reseña?"
REVIEWS_OFF_BUTTON = "Dejar de recibirlos"
REVIEWS_OFF_DONE = "Listo: el estudio no volverá a pedirte una reseña."
REVIEWS_OFF_UNKNOWN = "Este enlace no es válido. Abre el enlace del correo tal como llegó."
