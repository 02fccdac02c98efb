import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeObserver } from "../testing/intersection-observer";
import { FADE_UP_SHIFT_PX, watchScrollIns } from "./scroll-in-watcher";

const SETTINGS = { once: true, duration: 1000, delay: 100, offset: 100, easing: "ease" } as const;
const bottomMargin = (observer: FakeObserver) => observer.options.rootMargin?.split(" ")[2];
/** The observer watching the element (each element is watched by at most one). */
const watcherOf = (element: Element) => FakeObserver.made.find((o) => o.targets.has(element));

beforeEach(() => {
  FakeObserver.made = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("scroll-in animations", () => {
  it("sets AOS's defaults on <body> and takes every element in hand", () => {
    document.body.innerHTML = `<h2 data-aos="fade-up">Title</h2><p>Plain</p><div data-aos="fade-up"></div>`;
    watchScrollIns(SETTINGS);
    expect(document.body.dataset).toMatchObject({ aosEasing: "ease", aosDuration: "1000", aosDelay: "100" });
    const animated = [...document.querySelectorAll("[data-aos]")];
    expect(animated.every((element) => element.classList.contains("aos-init"))).toBe(true);
    expect(animated.every((element) => watcherOf(element))).toBe(true);
    expect(watcherOf(document.querySelector("p")!)).toBeUndefined();
  });

  it("fades an element in once it comes into view, and only once", () => {
    document.body.innerHTML = `<h2 data-aos="fade-up">Title</h2>`;
    watchScrollIns(SETTINGS);
    const heading = document.querySelector("h2")!;
    const observer = watcherOf(heading)!;
    // AOS's trigger is the element's own top `offset` px above the window's bottom; the observer
    // sees the box aos.css moved down, so its edge is that much lower.
    expect(bottomMargin(observer)).toBe(`${FADE_UP_SHIFT_PX - SETTINGS.offset}px`);
    expect(observer.options.rootMargin?.split(" ")[0]).toMatch(/^\d{6,}px$/); // and everything above

    observer.report(heading, false);
    expect(heading.classList.contains("aos-animate")).toBe(false);
    observer.report(heading, true);
    expect(heading.classList.contains("aos-animate")).toBe(true);
    expect(watcherOf(heading)).toBeUndefined();
  });

  it("fades in every element anchored to an element when that one comes into view", () => {
    document.body.innerHTML = `
      <div id="row"><article data-aos="fade-up" data-aos-anchor="#row">A</article>
      <article data-aos="fade-up" data-aos-anchor="#row">B</article></div>`;
    watchScrollIns(SETTINGS);
    const row = document.getElementById("row")!;
    const cards = [...document.querySelectorAll("article")];
    expect(cards.map(watcherOf)).toEqual([undefined, undefined]);
    const observer = watcherOf(row)!;
    expect(bottomMargin(observer)).toBe(`${-SETTINGS.offset}px`); // the anchor is where it is

    observer.report(row, true);
    expect(cards.every((card) => card.classList.contains("aos-animate"))).toBe(true);
    expect(watcherOf(row)).toBeUndefined();
  });

  it("watches elements the page gains and lets go of those it loses", async () => {
    document.body.innerHTML = `<main></main>`;
    watchScrollIns(SETTINGS);
    const screen = document.createElement("section");
    screen.innerHTML = `<h2 data-aos="fade-up">New</h2>`;
    document.querySelector("main")!.append(screen);
    await Promise.resolve(); // mutation records are delivered as a microtask
    const heading = screen.querySelector("h2")!;
    expect(heading.classList.contains("aos-init")).toBe(true);
    expect(watcherOf(heading)).toBeDefined();

    screen.remove();
    await Promise.resolve();
    expect(watcherOf(heading)).toBeUndefined();
  });
});
