import { afterEach, describe, expect, it, vi } from "vitest";
import { loadFrames, type Scheduler } from "./frame-loader";

type FakeImage = { src: string; decoding: string; onload: (() => void) | null; onerror: (() => void) | null };

/** A scheduler whose idle callbacks, timers and images the test drives by hand. */
function fakeScheduler({ idle }: { idle: boolean }) {
  const idleQueue: { id: number; run: () => void }[] = [];
  const timers: { id: number; run: () => void; ms: number }[] = [];
  const images: FakeImage[] = [];
  let nextId = 1;
  const scheduler: Scheduler = {
    requestIdleCallback: idle
      ? (run) => {
          const id = nextId++;
          idleQueue.push({ id, run });
          return id;
        }
      : undefined,
    cancelIdleCallback: idle
      ? (id) => {
          const at = idleQueue.findIndex((entry) => entry.id === id);
          if (at >= 0) idleQueue.splice(at, 1);
        }
      : undefined,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ id, run, ms });
      return id;
    },
    clearTimeout: (id) => {
      const at = timers.findIndex((entry) => entry.id === id);
      if (at >= 0) timers.splice(at, 1);
    },
    createImage: () => {
      const image: FakeImage = { src: "", decoding: "", onload: null, onerror: null };
      images.push(image);
      return image as unknown as HTMLImageElement;
    },
  };
  return {
    scheduler,
    images,
    timers,
    runIdle: () => idleQueue.shift()?.run(),
    idlePending: () => idleQueue.length,
  };
}

const urls = (n: number) => Array.from({ length: n }, (_, i) => `/f/${i}.jpg`);

afterEach(() => vi.restoreAllMocks());

describe("loadFrames", () => {
  it("starts 10 frames per idle callback, in order", () => {
    const fake = fakeScheduler({ idle: true });
    loadFrames(urls(25), {}, fake.scheduler);
    expect(fake.images).toHaveLength(0); // nothing before the browser is idle
    fake.runIdle();
    expect(fake.images.map((i) => i.src)).toEqual(urls(10));
    fake.runIdle();
    expect(fake.images).toHaveLength(20);
    fake.runIdle();
    expect(fake.images).toHaveLength(25);
    expect(fake.idlePending()).toBe(0);
  });

  it("without requestIdleCallback, staggers one frame per 5 ms timer", () => {
    const fake = fakeScheduler({ idle: false });
    loadFrames(urls(4), {}, fake.scheduler);
    expect(fake.timers.map((t) => t.ms)).toEqual([0, 5, 10, 15]);
    fake.timers.forEach((t) => t.run());
    expect(fake.images.map((i) => i.src)).toEqual(urls(4));
  });

  it("counts a failed frame as loaded, logs it, and completes", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fake = fakeScheduler({ idle: true });
    const progress: number[] = [];
    const onComplete = vi.fn();
    const loader = loadFrames(
      urls(3),
      { onSettle: (_i, _s, settled) => progress.push(settled), onComplete },
      fake.scheduler,
    );
    fake.runIdle();
    fake.images[0].onload!();
    fake.images[1].onerror!();
    expect(onComplete).not.toHaveBeenCalled();
    fake.images[2].onload!();
    expect(progress).toEqual([1, 2, 3]);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(loader.status).toEqual(["ready", "failed", "ready"]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("/f/1.jpg"));
  });

  it("ignores a second event for the same frame", () => {
    const fake = fakeScheduler({ idle: true });
    const onSettle = vi.fn();
    loadFrames(urls(2), { onSettle }, fake.scheduler);
    fake.runIdle();
    fake.images[0].onload!();
    fake.images[0].onload!();
    expect(onSettle).toHaveBeenCalledTimes(1);
  });

  it("after cancel, schedules nothing more and reports nothing", () => {
    const fake = fakeScheduler({ idle: true });
    const onSettle = vi.fn();
    const loader = loadFrames(urls(30), { onSettle }, fake.scheduler);
    fake.runIdle();
    const first = fake.images[0];
    loader.cancel();
    expect(fake.idlePending()).toBe(0);
    expect(first.onload).toBeNull();
    expect(onSettle).not.toHaveBeenCalled();

    const timed = fakeScheduler({ idle: false });
    loadFrames(urls(5), {}, timed.scheduler).cancel();
    expect(timed.timers).toHaveLength(0);
  });

  it("completes at once with no frames", () => {
    const onComplete = vi.fn();
    loadFrames([], { onComplete }, fakeScheduler({ idle: true }).scheduler);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });
});
