// Swiper itself, in a chunk of its own: the artists section loads it when the visitor comes
// near the carousel (artists-section.tsx), so it never weighs on the home page's first load.
// Swiper's core runs on the markup the section renders (the same a prerendered page holds).
import Swiper from "swiper";
import { A11y, Keyboard, Pagination } from "swiper/modules";
import type { SwiperOptions } from "swiper/types";

export type Carousel = Swiper;

/** `bulletMessage`: a pagination bullet's accessible name, Swiper filling in {{index}} (i18n/en.ts). */
export function startCarousel(
  container: HTMLElement,
  pagination: HTMLElement,
  options: SwiperOptions,
  bulletMessage: string,
  onChange: (swiper: Swiper) => void,
): Carousel {
  const events = ["slideChange", "progress", "lock", "unlock", "breakpoint", "resize"] as const;
  return new Swiper(container, {
    ...options,
    modules: [Pagination, A11y, Keyboard],
    pagination: { el: pagination, clickable: true },
    keyboard: { enabled: true, onlyInViewport: true },
    a11y: { paginationBulletMessage: bulletMessage },
    on: {
      init: onChange,
      ...Object.fromEntries(events.map((name) => [name, onChange])),
    },
  });
}
