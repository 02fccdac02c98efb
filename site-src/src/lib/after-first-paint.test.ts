import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, TURN_MS } from "./after-first-paint";
import { appChunks, preloadAppChunks } from "./app-chunks";

/** A PerformanceObserver whose 'paint' entries the test delivers. */
function stubPaintTiming(supported: string[]) {
  const observers: ((names: string[]) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    constructor(private readonly callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void) {}
    observe() {
      observers.push((names) => this.callback({ getEntriesByName: (n) => names.filter((x) => x === n) }));
    }
    disconnect = vi.fn();
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return (...names: string[]) => observers.forEach((deliver) => deliver(names));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.getElementById("app-chunks")?.remove();
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
});

describe("starting the app after the first paint", () => {
  it("waits for the first contentful paint, then starts once, in a task of its own", () => {
    const paint = stubPaintTiming(["paint"]);
    const start = vi.fn();
    afterFirstPaint(start);
    paint("first-paint"); // black background only: not yet
    vi.advanceTimersByTime(500);
    expect(start).not.toHaveBeenCalled();
    paint("first-contentful-paint");
    expect(start).not.toHaveBeenCalled(); // not inside the paint's own callback
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    paint("first-contentful-paint");
    vi.advanceTimersByTime(5000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts anyway after the longest wait when no paint comes (a tab opened in the background)", () => {
    stubPaintTiming(["paint"]);
    const start = vi.fn();
    afterFirstPaint(start, 2000);
    vi.advanceTimersByTime(1999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2); // the cap, then the app's own task
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts after the next frame where the browser does not report paints", () => {
    stubPaintTiming(["navigation"]);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    const start = vi.fn();
    afterFirstPaint(start);
    vi.advanceTimersByTime(100);
    expect(start).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe("the chunks the app starts with", () => {
  function list(text: string) {
    const script = document.createElement("script");
    script.id = "app-chunks";
    script.type = "application/json";
    script.textContent = text;
    document.head.append(script);
  }

  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute("href"));

  it("preloads every chunk the page lists, in order", async () => {
    list('["/assets/start-AAAA.js","/assets/chunk-BBBB.js"]');
    await preloadAppChunks();
    expect(preloaded()).toEqual(["/assets/start-AAAA.js", "/assets/chunk-BBBB.js"]);
  });

  it("hands the main thread back every TURN_MS: twenty links are not one long task", async () => {
    const hrefs = Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`);
    list(JSON.stringify(hrefs));
    // A slow CPU: every reading of the clock finds another 1.5 ms gone, so a turn holds 3 links.
    let clock = 0;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 1.5));
    try {
      let settled = false;
      const all = preloadAppChunks().then(() => (settled = true));
      const perTurn: number[] = [preloaded().length];
      let added = perTurn[0];
      while (added < hrefs.length && perTurn.length < 50) {
        await vi.advanceTimersToNextTimerAsync();
        perTurn.push(preloaded().length - added);
        added = preloaded().length;
      }
      await vi.runAllTimersAsync();
      await all;
      expect(settled).toBe(true);
      expect(preloaded()).toEqual(hrefs);
      expect(Math.max(...perTurn)).toBe(Math.floor(TURN_MS / 1.5) + 1);
      expect(perTurn.length).toBeGreaterThan(1);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it("lists nothing for a page without the list, and keeps only strings", () => {
    expect(appChunks()).toEqual([]);
    list('["/assets/start-AAAA.js", 3, null]');
    expect(appChunks()).toEqual(["/assets/start-AAAA.js"]);
  });
});
