// When each element with a scroll-in animation (app/animate-on-scroll.ts) comes into view.
//
// Written here rather than running AOS's own script: AOS 2 reads every element's position
// (offsetTop) when it starts, on resize and whenever the page gains elements, and compares those
// positions on each scroll. The reads lay out the home sections that content-visibility skips
// (docs/architecture.md#only-what-is-on-screen), one long task on load, and the positions go
// stale as those sections take their real height. IntersectionObserver leaves the watching to
// the browser, at no measuring of ours. The libraries built on it (sal.js,
// react-intersection-observer) bring attributes and styles of their own, or a component per
// element that hydration would have to run.

/** The AOS settings this honours; an element fades in once, as with AOS's once: true. */
export interface ScrollInSettings {
  once: true;
  duration: number;
  delay: number;
  offset: number;
  easing: string;
}

// aos.css starts a fade-up element this far below its place, and IntersectionObserver sees the
// moved box: AOS's offset (the element's own top that far above the window's bottom edge) is
// where the moved box's top is offset - FADE_UP_SHIFT_PX above the edge.
export const FADE_UP_SHIFT_PX = 100;
// AOS shows what is above the window as well (a visitor who jumped down the page finds it there
// on the way back up): the watched area reaches far above the window.
const ABOVE_WINDOW_PX = 1_000_000;

/** Marks each [data-aos] element aos-animate once it comes into view, now and as the page changes. */
export function watchScrollIns(settings: ScrollInSettings): void {
  // aos.css reads the defaults from <body>, as AOS sets them.
  const { body } = document;
  body.setAttribute("data-aos-easing", settings.easing);
  body.setAttribute("data-aos-duration", String(settings.duration));
  body.setAttribute("data-aos-delay", String(settings.delay));

  // What is watched (an element, or the anchor it names in data-aos-anchor, as with AOS: a card in
  // a carousel is out of sight sideways, its row is not) and what fades in when that comes into view.
  const waiting = new Map<Element, Set<Element>>();
  const show: IntersectionObserverCallback = (entries, observer) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      waiting.get(entry.target)?.forEach((element) => element.classList.add("aos-animate"));
      waiting.delete(entry.target);
      observer.unobserve(entry.target); // once
    }
  };
  const area = (shift: number) => ({ rootMargin: `${ABOVE_WINDOW_PX}px 0px ${shift - settings.offset}px 0px` });
  const moved = new IntersectionObserver(show, area(FADE_UP_SHIFT_PX));
  const still = new IntersectionObserver(show, area(0));

  const watch = (element: Element) => {
    element.classList.add("aos-init");
    if (element.classList.contains("aos-animate")) return;
    const selector = element.getAttribute("data-aos-anchor");
    const anchor = (selector && document.querySelector(selector)) || element;
    const group = waiting.get(anchor) ?? new Set<Element>();
    if (!group.size) {
      waiting.set(anchor, group);
      (anchor.matches("[data-aos]") ? moved : still).observe(anchor);
    }
    group.add(element);
  };
  const letGo = (element: Element) => {
    for (const [anchor, group] of waiting) {
      if (!group.delete(element) || group.size) continue;
      waiting.delete(anchor);
      moved.unobserve(anchor);
      still.unobserve(anchor);
    }
  };

  animated(body).forEach(watch);
  // Screens, artists and the contact form arrive after the start; what leaves is let go.
  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => animated(node).forEach(watch));
      record.removedNodes.forEach((node) => animated(node).forEach(letGo));
    }
  }).observe(body, { childList: true, subtree: true });
}

/** The node, if an element, and its descendants that carry a scroll-in animation. */
function animated(node: Node): Element[] {
  if (!(node instanceof Element)) return [];
  const inside = [...node.querySelectorAll("[data-aos]")];
  return node.matches("[data-aos]") ? [node, ...inside] : inside;
}
