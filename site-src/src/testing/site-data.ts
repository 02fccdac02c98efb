// The lists the contact function accepts: the site data copies them (functions/contact/choices.json).
import choices from "../../../functions/contact/choices.json";
import { resetSiteDataCache, type ImageMeta, type SiteData, type VideoUrls } from "../lib/site-data";

export const testImage = (src: string, width = 800, height = 600): ImageMeta => ({
  src,
  width,
  height,
  srcset: `${src} ${width}w`,
  sources: [],
  placeholder: "",
});

const sequence = (folder: string, width: number, height: number) => ({
  imageFolder: folder,
  imagePrefix: "frame_",
  imageSuffix: ".jpg",
  startFrame: 541,
  endFrame: 628,
  frameDigits: 5,
  width,
  height,
});

/**
 * A purpose's videos in the shape generator/videos/process.py writes. (The real build names them
 * /assets/video/<name>-horizontal.<hash>.mp4; these short URLs are what feature tests assert.)
 */
export const testVideo = (name: string): VideoUrls => ({
  horizontal: `/videos/${name}.mp4`,
  vertical: `/videos/${name}-v.mp4`,
  poster: {
    horizontal: {
      jpeg: `/assets/video/${name}-horizontal-poster.1111111111.jpg`,
      webp: `/assets/video/${name}-horizontal-poster.2222222222.webp`,
      width: 1280,
      height: 720,
    },
    vertical: {
      jpeg: `/assets/video/${name}-vertical-poster.3333333333.jpg`,
      webp: `/assets/video/${name}-vertical-poster.4444444444.webp`,
      width: 404,
      height: 720,
    },
  },
  duration: 10,
});

export const testSiteData: SiteData = {
  name: "Test Studio",
  baseUrl: "https://studio.example",
  phone: "(214) 555-0100",
  phoneHref: "tel:+12145550100",
  email: "hello@studio.example",
  address: { street: "1 Test Road", city: "Addison", region: "TX", postal_code: "75001", map_url: null },
  hours: [
    { days: "Monday - Thursday", time: "12pm - 10pm" },
    { days: "Friday - Saturday", time: "12pm - 10pm" },
    { days: "Sunday", time: "12pm - 8pm" },
  ],
  hoursNotes: ["Walk-ins welcome, appointments preferred.", "Email responses within 24 hours."],
  socials: {
    instagram: "https://instagram.com/test",
    facebook: "https://facebook.com/test",
    tiktok: "https://tiktok.com/@test",
  },
  stats: {
    work: [
      { value: "500+", label: "Pieces" },
      { value: "12", label: "Styles" },
      { value: "100%", label: "Custom" },
    ],
    legacy: [
      { value: "30+", label: "Years" },
      { value: "10K+", label: "Clients" },
      { value: "5★", label: "Rating" },
    ],
  },
  timeline: [{ period: "1996", title: "The Beginning", text: "Founded." }],
  values: [{ title: "Safety First", text: "Always." }],
  memorial: { name: "The Founder", born: 1970, died: 2022, text: "Remembered.", image: null },
  brands: [{ name: "Brand One", url: "https://brand.example", image: testImage("/images/brands/one.png", 400, 200) }],
  credit: { name: "Agency", url: "https://agency.example" },
  inMemory: "In loving memory of the founder.",
  artistSlugs: ["jane-doe", "max-ink"],
  services: ["Tattoo Consultation", "Piercing", "Jewelry Change", "Touch Up", "Other"],
  noArtist: "na",
  request: choices.request,
  minorsRule: "We pierce 16- and 17-year-olds with a parent present. We do not tattoo anyone under 18.",
  policiesVersion: "0123456789abcdef",
  privacyNotice: true,
  media: {
    intro: testVideo("intro"),
    hero: testVideo("hero"),
    studio: testVideo("studio"),
    piercing: testVideo("piercing"),
    scrollSequence: {
      desktop: sequence("/images/scroll-sequence/", 1280, 720),
      mobile: {
        ...sequence("/images/scroll-sequence-vertical/", 404, 720),
        denser: [{ density: 2, imageFolder: "/images/scroll-sequence-vertical/2x/", width: 720, height: 1280 }],
      },
    },
  },
};

/** Put site data into the document as the build does. */
export function installSiteData(data: SiteData): void {
  document.getElementById("site-data")?.remove();
  const element = document.createElement("script");
  element.id = "site-data";
  element.type = "application/json";
  element.textContent = JSON.stringify(data);
  document.head.appendChild(element);
  resetSiteDataCache();
}
