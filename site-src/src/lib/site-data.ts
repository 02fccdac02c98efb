// Studio facts and media URLs, written by the build into every page as
// <script id="site-data" type="application/json"> (see generator/site/endpoints.py: site_data).
// Components read them through useSiteData() (lib/use-site-data.ts, from the root's provider) and
// never hard-code a phone number or a video name; code outside components reads getSiteData().
import type { SiteFacts } from "./api-types.gen";

// One processed image (generator/images/process.py ImageMeta.to_api): generated with the API's shapes.
export type { ImageMeta, ImageSource } from "./api-types.gen";

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

export type { RequestChoices, Stat } from "./api-types.gen";

/**
 * The site data: the studio's facts as the build's shapes say (SiteFacts, generated from
 * generator/site/api_shapes.py; `untranslated` there and in its parts: the keys a Spanish page
 * shows in English, lib/language.ts) and the media stage's URLs.
 */
export type SiteData = Omit<SiteFacts, "memorial"> & {
  /** The memorial's years are numbers from the build; the admin's preview shows them as typed so far. */
  memorial: Omit<SiteFacts["memorial"], "born" | "died"> & { born: number | string; died: number | string };
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
