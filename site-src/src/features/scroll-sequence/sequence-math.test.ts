import { describe, expect, it } from "vitest";
import type { ScrollSequenceConfig } from "../../lib/site-data";
import {
  canvasOpacity,
  canvasPixels,
  coverRect,
  frameCount,
  frameIndex,
  framePosition,
  framesForDensity,
  frameUrl,
  frameUrls,
  introOpacity,
  nearestReady,
  OVERLAY_WINDOWS,
  overlayOpacity,
  preloadBatches,
  scrollProgress,
  smoothTowards,
} from "./sequence-math";

const desktop: ScrollSequenceConfig = {
  imageFolder: "/images/scroll-sequence/",
  imagePrefix: "frame_",
  imageSuffix: ".jpg",
  startFrame: 541,
  endFrame: 628,
  frameDigits: 5,
};

describe("frame names", () => {
  it("counts frames 541 to 628 inclusive as 88", () => {
    expect(frameCount(desktop)).toBe(88);
    expect(frameCount({ ...desktop, startFrame: 10, endFrame: 9 })).toBe(0);
    expect(frameCount({ ...desktop, startFrame: 1, endFrame: 1 })).toBe(1);
  });

  it.each([
    [0, "/images/scroll-sequence/frame_00541.jpg"],
    [1, "/images/scroll-sequence/frame_00542.jpg"],
    [87, "/images/scroll-sequence/frame_00628.jpg"],
  ])("names frame %i %s", (index, url) => {
    expect(frameUrl(desktop, index)).toBe(url);
  });

  it("adds the folder's slash when an editor left it out and honours prefix, suffix and digits", () => {
    expect(frameUrl({ ...desktop, imageFolder: "/seq", imagePrefix: "f-", imageSuffix: ".webp", frameDigits: 3 }, 0)).toBe(
      "/seq/f-541.webp",
    );
  });

  it("lists every frame once, in order", () => {
    const urls = frameUrls(desktop);
    expect(urls).toHaveLength(88);
    expect(new Set(urls).size).toBe(88);
    expect(urls[0]).toMatch(/00541/);
    expect(urls.at(-1)).toMatch(/00628/);
  });
});

describe("frame set for the screen's density", () => {
  const mobile: ScrollSequenceConfig = {
    ...desktop,
    imageFolder: "/images/scroll-sequence-vertical/",
    width: 404,
    height: 720,
    denser: [{ density: 2, imageFolder: "/images/scroll-sequence-vertical/2x/", width: 720, height: 1280 }],
  };
  const oneX = { ...desktop, imageFolder: "/images/scroll-sequence-vertical/", width: 404, height: 720 };
  const twoX = { ...desktop, imageFolder: "/images/scroll-sequence-vertical/2x/", width: 720, height: 1280 };

  it.each([
    [1, oneX],
    [1.25, oneX],
    [1.4, oneX], // below sqrt(1 * 2): the 1x set, enlarged a little, as srcset would
    [1.5, twoX],
    [2, twoX],
    [2.625, twoX],
    [3, twoX], // the densest set there is
    [0, oneX], // unknown: 1x
    [Number.NaN, oneX],
  ])("%s dppx -> %o", (dpr, expected) => {
    expect(framesForDensity(mobile, dpr)).toEqual(expected);
  });

  it("keeps the frame names and range of the 1x set", () => {
    expect(frameUrls(framesForDensity(mobile, 3))[0]).toBe("/images/scroll-sequence-vertical/2x/frame_00541.jpg");
    expect(frameUrls(framesForDensity(mobile, 3))).toHaveLength(88);
  });

  it("a config without denser sets is its own 1x set at every density", () => {
    expect(framesForDensity(desktop, 3)).toEqual(desktop);
  });

  it("picks among several denser sets by the geometric mean of neighbours", () => {
    const three = {
      ...mobile,
      denser: [
        { density: 3, imageFolder: "/3x/", width: 1080, height: 1920 },
        { density: 2, imageFolder: "/2x/", width: 720, height: 1280 },
      ],
    };
    expect(framesForDensity(three, 2.4).imageFolder).toBe("/2x/"); // sqrt(6) ≈ 2.45
    expect(framesForDensity(three, 2.5).imageFolder).toBe("/3x/");
  });
});

describe("scroll progress", () => {
  it.each([
    // trackTop, trackHeight, viewport, progress
    [100, 5000, 1000, 0], // track still below the top of the viewport
    [0, 5000, 1000, 0],
    [-2000, 5000, 1000, 0.5],
    [-4000, 5000, 1000, 1],
    [-6000, 5000, 1000, 1], // scrolled past the track
    [-10, 800, 1000, 1], // a track shorter than the viewport: all or nothing
    [10, 800, 1000, 0],
  ])("top %d of a %d px track in a %d px viewport is %f", (top, height, viewport, expected) => {
    expect(scrollProgress(top, height, viewport)).toBeCloseTo(expected, 10);
  });
});

describe("frame index for a scroll position", () => {
  it.each([
    [0, 0],
    [0.5, 44], // 0.5 * 87 = 43.5 rounds up
    [1, 87],
    [1.2, 87],
    [-0.3, 0],
    [0.25, 22], // 21.75
  ])("progress %f draws frame %i of 88", (progress, expected) => {
    expect(frameIndex(framePosition(progress, 88), 88)).toBe(expected);
  });

  it("never leaves the range and copes with an empty sequence", () => {
    expect(frameIndex(200, 88)).toBe(87);
    expect(frameIndex(-3, 88)).toBe(0);
    expect(frameIndex(5, 0)).toBe(0);
    expect(framePosition(0.5, 0)).toBe(0);
  });
});

describe("scrub smoothing (0.5 s)", () => {
  it("moves part of the way each step and arrives within the scrub time", () => {
    const first = smoothTowards(0, 87, 16);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(87 / 2);
    let position = 0;
    for (let t = 0; t < 500; t += 16) position = smoothTowards(position, 87, 16);
    expect(position).toBeGreaterThan(87 * 0.94);
    for (let t = 0; t < 1000; t += 16) position = smoothTowards(position, 87, 16);
    expect(position).toBe(87); // snaps exactly, so the animation loop can stop
  });

  it("does not depend on the frame rate", () => {
    let at60 = 10;
    for (let i = 0; i < 16; i++) at60 = smoothTowards(at60, 50, 1000 / 60, 0.5, 0);
    let at30 = 10;
    for (let i = 0; i < 8; i++) at30 = smoothTowards(at30, 50, 1000 / 30, 0.5, 0);
    expect(at30).toBeCloseTo(at60, 6);
  });

  it("goes backwards as well, and jumps when smoothing is off or no time passed", () => {
    expect(smoothTowards(80, 10, 100)).toBeLessThan(80);
    expect(smoothTowards(80, 10, 100)).toBeGreaterThan(10);
    expect(smoothTowards(80, 10, 100, 0)).toBe(10);
    expect(smoothTowards(80, 10, 0)).toBe(80);
  });
});

describe("overlays", () => {
  it("are the four text overlays at their fractions", () => {
    expect(OVERLAY_WINDOWS.map((o) => [o.id, o.start, o.end])).toEqual([
      ["ear", 0.2, 0.31],
      ["facial", 0.42, 0.53],
      ["body", 0.63, 0.74],
      ["jewelry", 0.83, 0.93],
    ]);
  });

  it.each([
    [0.1, 0],
    [0.175, 0],
    [0.1875, 0.5], // halfway through the fade in
    [0.2, 1],
    [0.25, 1],
    [0.31, 1],
    [0.3225, 0.5], // halfway through the fade out
    [0.335, 0],
    [0.5, 0],
  ])("the ear overlay at %f has opacity %f", (progress, expected) => {
    expect(overlayOpacity(progress, 0.2, 0.31, 0.025)).toBeCloseTo(expected, 6);
  });

  it("shows exactly one overlay in the middle of each window and none between them", () => {
    for (const window of OVERLAY_WINDOWS) {
      const middle = (window.start + window.end) / 2;
      const shown = OVERLAY_WINDOWS.filter((o) => overlayOpacity(middle, o.start, o.end) > 0);
      expect(shown.map((o) => o.id)).toEqual([window.id]);
    }
    expect(OVERLAY_WINDOWS.every((o) => overlayOpacity(0.37, o.start, o.end) === 0)).toBe(true);
    expect(OVERLAY_WINDOWS.every((o) => overlayOpacity(0, o.start, o.end) === 0)).toBe(true);
  });
});

describe("canvas and intro fades", () => {
  it.each([
    [0, 1],
    [0.5, 1],
    [0.92, 1],
    [0.96, 0.5],
    [1, 0],
  ])("canvas at %f has opacity %f", (progress, expected) => {
    expect(canvasOpacity(progress, 0.92)).toBeCloseTo(expected, 6);
  });

  it.each([
    [0, 1],
    [0.05, 0.5],
    [0.1, 0],
    [0.6, 0],
  ])("intro text at %f has opacity %f", (progress, expected) => {
    expect(introOpacity(progress, 0.1)).toBeCloseTo(expected, 6);
  });
});

describe("drawing", () => {
  it("covers a wide canvas with a tall frame, centred", () => {
    expect(coverRect(1080, 1920, 1920, 1080)).toEqual({ x: 0, y: -(3413.333333333333 - 1080) / 2, width: 1920, height: 3413.333333333333 });
    expect(coverRect(1920, 1080, 1920, 1080)).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    const tall = coverRect(1920, 1080, 390, 844);
    expect(tall.height).toBe(844);
    expect(tall.x).toBeCloseTo((390 - tall.width) / 2);
  });

  it("sizes the backing store by device pixel ratio so the canvas stays sharp", () => {
    expect(canvasPixels(390, 844, 3)).toEqual({ width: 1170, height: 2532 });
    expect(canvasPixels(1366, 900, 1)).toEqual({ width: 1366, height: 900 });
    expect(canvasPixels(100, 100, 0)).toEqual({ width: 100, height: 100 });
    expect(canvasPixels(100, 100, 5)).toEqual({ width: 300, height: 300 });
  });

  it("falls back to the nearest loaded frame", () => {
    const ready = [true, false, false, true, false];
    expect(nearestReady(0, ready)).toBe(0);
    expect(nearestReady(1, ready)).toBe(0);
    expect(nearestReady(2, ready)).toBe(3);
    expect(nearestReady(4, ready)).toBe(3);
    expect(nearestReady(2, [false, false, false])).toBe(-1);
  });
});

describe("preload batches", () => {
  it("splits 88 frames into batches of 10 covering every frame once", () => {
    const batches = preloadBatches(88);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 8]);
    expect(batches.flat()).toEqual(Array.from({ length: 88 }, (_, i) => i));
    expect(preloadBatches(0)).toEqual([]);
  });
});
