// The Spanish catalog: what the first load shows on the Spanish pages (/es/), key for key the
// English of en.ts (tsc checks it: a missing key or other parameters do not compile). Written as
// the studio speaks to its visitors in Dallas, as the contact function does
// (functions/contact/messages_es.py): Latin American Spanish, "tú", warm and plain, not word for
// word. The screens loaded on demand have their parts in es/. Only the roots, tests and test
// helpers import this module (catalog.ts says why and how texts are written).
import type { Catalog } from "./catalog";

export const es: Catalog = {
  lang: "es",
  app: {
    skipToContent: "Saltar al contenido",
    loading: "Cargando…",
  },
  preloader: {
    /** Spelled letter by letter; its font (components/preloader-fonts/loading-word.woff2) holds these letters too. */
    word: "CARGANDO",
    label: "Cargando",
  },
  header: {
    logo: (studio) => `${studio}, inicio`,
    openMenu: "Abrir menú",
    closeMenu: "Cerrar menú",
    menu: "Menú",
    close: "Cerrar",
    /** The switch to the same page in English, written in English (components/language-switch.tsx). */
    otherLanguage: { lang: "en", short: "EN", name: "View in English" },
  },
  menu: {
    label: "Menú del sitio",
    nav: "Principal",
    visit: "Visítanos",
    entries: {
      home: "Inicio",
      artists: "Artistas",
      "our-work": "Nuestro trabajo",
      portfolio: "Portafolio",
      piercings: "Piercings",
      aftercare: "Cuidados",
      legacy: "Nuestro legado",
      contact: "Contacto",
    },
  },
  dotNav: {
    label: "Secciones",
    sections: {
      home: "Inicio",
      brand: "Marca",
      studio: "Estudio",
      "our-work": "Nuestro trabajo",
      piercings: "Piercings",
      artists: "Artistas",
      legacy: "Legado",
      contact: "Contacto",
    },
  },
  video: {
    pause: "Pausar el video de fondo",
    play: "Reproducir el video de fondo",
    playVideo: "Ver video",
    /** The film button's accessible name: "Ver video: presentación del estudio". */
    playFilm: (film) => `Ver video: ${film}`,
    close: "Cerrar",
  },
  unpublished: { draft: "Borrador", scheduled: "Programado" },
  books: { closed: "Agenda cerrada", waitlist: "Lista de espera" },
  home: {
    hero: {
      title: ["El estudio de tatuajes", "más destacado de Dallas", "desde 1996"],
      film: "presentación del estudio",
      filmTitle: "Presentación del estudio",
      cue: "Desliza hasta la historia del estudio",
      cueText: "Desliza",
    },
    brand: {
      eyebrow: "Nuestro estudio",
      title: "Donde el arte *se une a la precisión*",
      lede:
        "Por casi tres décadas hemos convertido ideas en arte permanente. Cada pieza se dibuja para la persona que " +
        "la va a llevar, se afina en conjunto en la mesa de dibujo y se tatúa con la paciencia y la precisión que " +
        "solo enseñan los años de oficio.",
      highlights: [
        {
          label: "Trayectoria",
          value: "30 años",
          text: "Tres décadas de trabajo personalizado de la misma familia de artistas de Dallas.",
        },
        {
          label: "Experiencia",
          value: "Maestros tatuadores",
          text: "Un equipo de especialistas premiados, cada uno maestro en su propio estilo.",
        },
        {
          label: "Excelencia",
          value: "Precisión",
          text: "Líneas limpias, una ubicación bien pensada y un tatuaje que sana bien y luce igual con los años.",
        },
      ],
    },
    studio: {
      title: ["Maestros del oficio", "en acción"],
      tagline: "Vive la excelencia",
      film: "el estudio en acción",
      filmTitle: "El estudio en acción",
    },
    ourWork: {
      eyebrow: "Nuestro trabajo",
      title: "Cada pieza *es única*",
      lede: "Diseños personalizados en todos los estilos, del fine line y el realismo al tradicional y el blackwork.",
      portfolio: "Ver el portafolio completo",
    },
    piercings: {
      eyebrow: "Estudio de piercing",
      title: "Servicios profesionales de *piercing*",
      explore: "Ver los servicios",
      film: "nuestro estudio de piercing",
      filmTitle: "Nuestro estudio de piercing",
    },
    legacy: {
      eyebrow: "Nuestro legado",
      title: "Tres décadas de *tinta en Dallas*",
      lede: "De una sola silla en 1996 a un estudio de maestros tatuadores: la misma promesa de trabajo personalizado y bien hecho.",
      timeline: "Nuestra historia",
      portrait: (name) => `Retrato de ${name}`,
      inMemoriam: "In memóriam",
      /** Between the memorial's years, for screen readers ("1970 a 2022"). */
      yearsTo: "a",
      valuesEyebrow: "Lo que nos define",
      values: "Nuestra filosofía",
    },
  },
  artists: {
    kicker: "El equipo",
    title: "Nuestros artistas",
    previous: "Artistas anteriores",
    next: "Siguientes artistas",
    loading: "Cargando artistas...",
    failed: "No se pudieron cargar los artistas",
    /** Swiper's pagination bullets; it fills in {{index}}. */
    goToSlide: "Ir a la diapositiva {{index}}",
    readMore: "Leer más",
    readLess: "Leer menos",
    specialties: "Especialidades",
    portfolio: (artist) => `Portafolio de ${artist}`,
    portfolioTitle: "Portafolio",
    instagram: (artist, handle) => `${artist} en Instagram (@${handle})`,
    contact: (artist) => `Escríbele a ${artist}`,
    contactTitle: "Contacto",
  },
  contact: {
    kicker: "Contacto",
    title: "Escríbenos",
    lead: "Cuéntanos tu idea y la planeamos contigo.",
    details: "Horario y datos de contacto del estudio",
    hours: "Horario",
    call: "Llámanos",
    email: "Correo",
    studio: "Estudio",
    directions: "Cómo llegar",
  },
  footer: {
    tagline: "Tatuajes personalizados y piercing profesional en Dallas desde 1996.",
    visit: "Visítanos",
    hours: "Horario",
    follow: "Síguenos",
    /** A social network's link: "Instagram (se abre en una pestaña nueva)". */
    social: (network) => `${network} (se abre en una pestaña nueva)`,
    copyright: (year, studio) => ["© ", year, " ", studio, ". Todos los derechos reservados."],
    policies: "Políticas",
    privacy: "Privacidad",
    credit: "Sitio web creado por",
  },
  notFound: {
    eyebrow: "Error 404",
    title: "Esta página se ha *desvanecido*.",
    lede: "La página que buscas no está aquí. Puede que se haya movido o que el enlace esté mal escrito.",
    home: "Volver al estudio",
    portfolio: "Ver el portafolio",
  },
};
