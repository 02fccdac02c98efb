import { act, render, screen } from "@testing-library/react";
import { Preloader, PRELOADER, bufferedPercent } from "./preloader";

function video(): HTMLVideoElement {
  const element = document.querySelector<HTMLVideoElement>(".preloader__video");
  if (!element) throw new Error("no intro video");
  return element;
}

/** Pretend the browser has buffered `seconds` of a `duration`-second video. */
function buffer(element: HTMLVideoElement, seconds: number, duration = 10) {
  Object.defineProperty(element, "duration", { configurable: true, value: duration });
  Object.defineProperty(element, "buffered", {
    configurable: true,
    value: { length: 1, start: () => 0, end: () => seconds },
  });
  element.dispatchEvent(new Event("progress"));
}

function progress(): number {
  return Number(screen.getByRole("progressbar", { name: "Loading" }).getAttribute("aria-valuenow"));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("bufferedPercent", () => {
  const ranges = (end: number) => ({ length: 1, start: () => 0, end: () => end }) as unknown as TimeRanges;
  it.each([
    [0, 10, 0],
    [2.5, 10, 25],
    [9.99, 10, 99], // 100 is only ever given by canplaythrough, cache, error or timeout
    [10, 10, 99],
    [5, Number.NaN, 0],
    [5, Number.POSITIVE_INFINITY, 0],
  ])("buffered %f of %f s is %i%%", (end, duration, percent) => {
    expect(bufferedPercent({ buffered: ranges(end), duration })).toBe(percent);
  });
});

describe("Preloader", () => {
  it("spells LOADING one letter every 0.1 s", () => {
    render(<Preloader src="/videos/intro.mp4" onDone={() => {}} />);
    const letters = Array.from(document.querySelectorAll<HTMLElement>(".preloader__letter"));
    expect(letters.map((l) => l.textContent).join("")).toBe("LOADING");
    expect(letters.map((l) => l.style.animationDelay)).toEqual(["0ms", "100ms", "200ms", "300ms", "400ms", "500ms", "600ms"]);
  });

  it("follows the intro video's buffering, then completes when it can play through", () => {
    const onDone = vi.fn();
    render(<Preloader src="/videos/intro.mp4" onDone={onDone} />);
    expect(video()).toHaveAttribute("src", "/videos/intro.mp4");
    expect(progress()).toBe(0);
    act(() => buffer(video(), 3));
    expect(progress()).toBe(30);
    act(() => buffer(video(), 7));
    expect(progress()).toBe(70);
    act(() => {
      video().dispatchEvent(new Event("canplaythrough"));
    });
    expect(progress()).toBe(100);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("hides 500 ms after reaching 100 and releases the page's scroll lock", () => {
    const onDone = vi.fn();
    render(<Preloader src="/videos/intro.mp4" onDone={onDone} />);
    expect(document.documentElement.style.overflow).toBe("hidden");
    act(() => {
      video().dispatchEvent(new Event("canplaythrough"));
    });
    act(() => vi.advanceTimersByTime(PRELOADER.hideDelayMs - 1));
    expect(screen.getByTestId("preloader")).toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe("hidden");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("preloader")).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("goes straight to 100 when the video fails to load, logging why", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Preloader src="/videos/missing.mp4" onDone={() => {}} />);
    act(() => {
      video().dispatchEvent(new Event("error"));
    });
    expect(progress()).toBe(100);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("/videos/missing.mp4"));
  });

  it("goes straight to 100 when the video is already cached", () => {
    Object.defineProperty(HTMLMediaElement.prototype, "readyState", { configurable: true, get: () => 4 });
    try {
      render(<Preloader src="/videos/intro.mp4" onDone={() => {}} />);
      expect(progress()).toBe(100);
    } finally {
      delete (HTMLMediaElement.prototype as { readyState?: number }).readyState;
    }
  });

  it("proceeds after 4000 ms when the video has not loaded", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const onDone = vi.fn();
    render(<Preloader src="/videos/slow.mp4" onDone={onDone} />);
    act(() => buffer(video(), 1));
    act(() => vi.advanceTimersByTime(PRELOADER.timeoutMs - 1));
    expect(progress()).toBe(10);
    act(() => vi.advanceTimersByTime(1));
    expect(progress()).toBe(100);
    expect(warn).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(PRELOADER.hideDelayMs));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
