import { resetSiteDataCache, type ImageMeta, type SiteData } from "../lib/site-data";

export const testImage = (src: string, width = 800, height = 600): ImageMeta => ({
  src,
  width,
  height,
  srcset: `${src} ${width}w`,
  sources: [],
  placeholder: "",
});

const sequence = (folder: string) => ({
  imageFolder: folder,
  imagePrefix: "frame_",
  imageSuffix: ".jpg",
  startFrame: 541,
  endFrame: 628,
  frameDigits: 5,
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
  media: {
    intro: { horizontal: "/videos/intro.mp4", vertical: "/videos/intro-v.mp4" },
    hero: { horizontal: "/videos/hero.mp4", vertical: "/videos/hero-v.mp4" },
    studio: { horizontal: "/videos/studio.mp4", vertical: "/videos/studio-v.mp4" },
    piercing: { horizontal: "/videos/piercing.mp4", vertical: "/videos/piercing-v.mp4" },
    scrollSequence: {
      desktop: sequence("/images/scroll-sequence/"),
      mobile: sequence("/images/scroll-sequence-vertical/"),
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
