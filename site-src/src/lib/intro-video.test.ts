import { introStream, settle } from "../testing/intro-video";
import {
  canPlayThrough,
  formatPercent,
  preloaderHiddenBeforeApp,
  introProgress,
  receivedPercent,
  resetIntroVideo,
  startIntroVideo,
  startPageIntroVideo,
  takeOverPreloader,
} from "./intro-video";

const URLS = { horizontal: "/videos/intro.mp4", vertical: "/videos/intro-v.mp4" };

/** The prerendered preloader's number and bar, as the build writes them. */
function prerenderedPreloader(): HTMLElement {
  const preloader = document.createElement("div");
  preloader.className = "preloader";
  preloader.dataset.introHorizontal = URLS.horizontal;
  preloader.dataset.introVertical = URLS.vertical;
  preloader.innerHTML = `<div class="preloader__track" role="progressbar" aria-valuenow="0">
    <div class="preloader__bar" style="transform:scaleX(0)"></div></div><p class="preloader__percent">000</p>`;
  document.body.append(preloader);
  return preloader;
}

const shown = (preloader: HTMLElement) => ({
  number: preloader.querySelector(".preloader__percent")?.textContent,
  valuenow: preloader.querySelector(".preloader__track")?.getAttribute("aria-valuenow"),
  bar: preloader.querySelector<HTMLElement>(".preloader__bar")?.style.transform,
});

beforeEach(() => resetIntroVideo());
afterEach(() => {
  resetIntroVideo();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("receivedPercent", () => {
  it.each([
    [0, 1000, 0],
    [250, 1000, 25],
    [999, 1000, 99],
    [1000, 1000, 99], // 100 is only ever given once the request has ended (or failed, or timed out)
    [500, 0, 0], // no Content-Length: unknown until the end
    [500, Number.NaN, 0],
  ])("%i of %i bytes is %i%%", (received, total, percent) => {
    expect(receivedPercent(received, total)).toBe(percent);
  });

  it("reads as three digits", () => {
    expect([0, 7, 42, 100].map(formatPercent)).toEqual(["000", "007", "042", "100"]);
  });
});

describe("the intro video before the app runs", () => {
  it("fetches the video the prerendered preloader names and moves its number, never to 100", async () => {
    const preloader = prerenderedPreloader();
    const video = introStream(URLS.vertical, 2000);
    startPageIntroVideo();
    expect(video.fetchMock).toHaveBeenCalledTimes(1);
    video.send(500);
    await settle();
    expect(shown(preloader)).toEqual({ number: "025", valuenow: "25", bar: "scaleX(0.25)" });
    video.send(1500);
    video.end();
    await settle();
    expect(introProgress()).toBe(100);
    // The app is not there yet: the page's own preloader reads 100 and fades.
    expect(shown(preloader)).toEqual({ number: "100", valuenow: "100", bar: "scaleX(1)" });
    expect(preloader.classList.contains("is-complete")).toBe(true);
  });

  it("lets the page go 500 ms after 100 when the app has not come", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const preloader = prerenderedPreloader();
    const video = introStream(URLS.vertical, 100);
    startPageIntroVideo();
    video.send(100);
    video.end();
    await settle();
    expect(preloader.classList.contains("is-gone")).toBe(false);
    vi.advanceTimersByTime(499);
    expect(preloader.classList.contains("is-gone")).toBe(false);
    vi.advanceTimersByTime(1);
    expect(preloader.classList.contains("is-gone")).toBe(true);
    expect(preloaderHiddenBeforeApp()).toBe(true);
  });

  it("leaves the hiding to the app once it has taken over", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const preloader = prerenderedPreloader();
    const video = introStream(URLS.vertical, 100);
    startPageIntroVideo();
    video.send(100);
    video.end();
    await settle();
    takeOverPreloader();
    vi.advanceTimersByTime(1000);
    expect(preloader.classList.contains("is-gone")).toBe(false);
    expect(preloaderHiddenBeforeApp()).toBe(false);
  });

  it("leaves the page alone once the app has taken the preloader over", async () => {
    const preloader = prerenderedPreloader();
    const video = introStream(URLS.vertical, 100);
    startPageIntroVideo();
    video.send(10);
    await settle();
    takeOverPreloader();
    video.send(50);
    await settle();
    expect(introProgress()).toBe(60);
    expect(shown(preloader).number).toBe("010");
  });

  it("starts once, whoever asks", () => {
    prerenderedPreloader();
    const video = introStream(URLS.vertical, 100);
    startPageIntroVideo();
    startIntroVideo(URLS);
    expect(video.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks for the horizontal video from 768 px up", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(min-width: 768px)" }));
    const video = introStream(URLS.horizontal, 100);
    startIntroVideo(URLS);
    expect(video.fetchMock).toHaveBeenCalledWith(URLS.horizontal, expect.anything());
  });

  it("counts a video without a Content-Length as 0 until it is all in", async () => {
    const video = introStream(URLS.vertical, null);
    startIntroVideo(URLS);
    video.send(500);
    await settle();
    expect(introProgress()).toBe(0);
    video.end();
    await settle();
    expect(introProgress()).toBe(100);
  });

  it("gives up after 4000 ms, and never goes backwards", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const video = introStream(URLS.vertical, 1000);
    startIntroVideo(URLS);
    video.send(300);
    await settle();
    vi.advanceTimersByTime(3999);
    expect(introProgress()).toBe(30);
    vi.advanceTimersByTime(1);
    expect(introProgress()).toBe(100);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("4000 ms"));
    video.send(100);
    await settle();
    expect(introProgress()).toBe(100);
  });

  it("counts the 4000 ms from the start of the navigation, not from when the script ran", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    introStream(URLS.vertical, 1000);
    vi.advanceTimersByTime(2500); // the page took 2.5 s to run its script (a slow phone)
    startIntroVideo(URLS);
    vi.advanceTimersByTime(1499);
    expect(introProgress()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(introProgress()).toBe(100);
  });

  it("reaches 100 once the video can play through, before the last byte", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const video = introStream(URLS.vertical, 10_000);
    startIntroVideo({ ...URLS, duration: 10 }); // 1,000 bytes a second of video
    vi.advanceTimersByTime(1000);
    video.send(500); // half a second of video in a second: too slow to play through
    await settle();
    expect(introProgress()).toBe(5);
    vi.advanceTimersByTime(1000);
    video.send(3500); // 4,000 bytes in 2 s: the other 6,000 arrive in 3 s, well before playback needs them
    await settle();
    expect(introProgress()).toBe(100);
  });
});

describe("canPlayThrough", () => {
  it.each([
    // received, total, elapsed ms, duration s, can play through
    [0, 1000, 100, 10, false],
    [50, 1000, 100, 10, false], // less than a second of video in
    [200, 1000, 1000, 10, true], // 200 B/s: the 800 left take 4 s, playback 8 s
    [200, 1000, 4000, 10, false], // 50 B/s: 16 s to fetch 8 s of video
    [1000, 1000, 9000, 10, true], // all in
    [500, 1000, 100, undefined, false], // length unknown: wait for the whole file
    [500, 0, 100, 10, false], // size unknown
  ])("%i of %i bytes after %i ms of a %s s video: %s", (received, total, elapsed, duration, expected) => {
    expect(canPlayThrough(received, total, elapsed, duration)).toBe(expected);
  });
});
