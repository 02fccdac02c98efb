// Studio facts and media URLs, written by the build into every page as
// <script id="site-data" type="application/json"> (see generator/site/endpoints.py: site_data).
// Components read them through useSiteData() (lib/use-site-data.ts, from the root's provider) and
// never hard-code a phone number or a video name; code outside components reads getSiteData().

export type ImageSource = { type: string; srcset: string };

/** One processed image (generator/images/process.py ImageMeta.to_api). */
export type ImageMeta = {
  src: string;
  width: number;
  height: number;
  srcset: string;
  sources: ImageSource[];
  placeholder: string;
};

/** A still of one web video, made by the media stage at the video's own size. */
export type VideoPoster = { jpeg: string; webp: string; width: number; height: number };
export type VideoPosters = { horizontal: VideoPoster; vertical: VideoPoster };

/**
 * One purpose's web videos (generator/videos/process.py): H.264 MP4s under /assets/video/, no audio.
 * `poster` is a VideoPosters from the build; it stays typed loosely so readers check its shape.
 * `duration` is the horizontal video's length in seconds.
 */
export type VideoUrls = {
  horizontal: string;
  vertical: string;
  poster?: unknown;
  duration?: number;
  [key: string]: unknown;
};

export type ScrollSequenceConfig = {
  imageFolder: string;
  imagePrefix: string;
  imageSuffix: string;
  startFrame: number;
  endFrame: number;
  frameDigits: number;
  /** Size of every frame of this layout (added by the media stage). */
  width?: number;
  height?: number;
  /** Denser sets of the same frames for high-density screens, by ascending density (phones'
   * 2x set: /images/scroll-sequence-vertical/2x/); absent when the source has no more pixels. */
  denser?: DenseFrames[];
};

export type DenseFrames = { density: number; imageFolder: string; width: number; height: number };

export type RequestChoices = {
  services: string[];
  placement: string[];
  size: string[];
  /** "colour" | "black-and-grey" */
  colour: string[];
  budget: string[];
  availability: string[];
  /** "18+" | "under-18" */
  age: string[];
};

/** `untranslated` (here and below): the keys a Spanish page shows in English (lib/language.ts). */
export type Stat = { value: string; label: string; untranslated?: string[] };

export type SiteData = {
  /** The page's language (lib/language.ts); a page without it (tests) is English. */
  lang?: "en" | "es";
  /** The keys of this object a Spanish page shows in English (lib/language.ts `langOf`). */
  untranslated?: string[];
  name: string;
  baseUrl: string;
  phone: string;
  phoneHref: string;
  email: string;
  address: { street: string; city: string; region: string; postal_code: string; map_url: string | null };
  hours: { days: string; time: string }[];
  hoursNotes: string[];
  socials: { instagram: string; facebook: string; tiktok: string };
  stats: { work: Stat[]; legacy: Stat[] };
  timeline: { period: string; title: string; text: string; untranslated?: string[] }[];
  values: { title: string; text: string; untranslated?: string[] }[];
  memorial: {
    name: string;
    /** Numbers from the build; the admin's preview shows them as typed so far. */
    born: number | string;
    died: number | string;
    text: string;
    image: ImageMeta | null;
    alt?: string;
    untranslated?: string[];
  };
  brands: { name: string; url: string | null; image: ImageMeta; alt?: string; untranslated?: string[] }[];
  credit: { name: string; url: string };
  inMemory: string;
  artistSlugs: string[];
  /** The contact form's service options, the first the default (functions/contact/choices.json). */
  services: string[];
  /** The artist value that means "No Preference". */
  noArtist: string;
  /**
   * The optional fields of a tattoo request (functions/contact/choices.json `request`): shown
   * and sent only for `services`; each list holds the exact strings the form sends.
   */
  request: RequestChoices;
  /** The studio's own rule for visitors under 18 (content/site.yaml `minors_rule`), or null. */
  minorsRule: string | null;
  /** The version of the published policies (GET /api/policies `version`), or null without any. */
  policiesVersion: string | null;
  media: {
    intro: VideoUrls;
    hero: VideoUrls;
    studio: VideoUrls;
    piercing: VideoUrls;
    scrollSequence: { desktop: ScrollSequenceConfig; mobile: ScrollSequenceConfig };
  };
};

let cached: SiteData | null = null;

/** The site data embedded in the page (read once), or given by the prerenderer. */
export function getSiteData(): SiteData {
  if (cached) return cached;
  if (typeof document === "undefined") throw new Error("site data not provided to the prerenderer");
  const element = document.getElementById("site-data");
  if (!element?.textContent) throw new Error("site data missing from the page");
  cached = JSON.parse(element.textContent) as SiteData;
  return cached;
}

/** The prerenderer (src/prerender.tsx) has no page to read it from: it hands the data over. */
export function provideSiteData(data: SiteData): void {
  cached = data;
}

/** Forget the cached copy (tests replace the embedded data between cases). */
export function resetSiteDataCache(): void {
  cached = null;
}
