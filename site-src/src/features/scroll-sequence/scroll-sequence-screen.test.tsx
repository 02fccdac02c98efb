import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ScrollSequenceScreen from "./scroll-sequence-screen";

// jsdom neither loads images nor draws on canvases: images here "load" on the next tick (or
// fail when their URL is in `failing`), and the canvas gets a recording 2D context.

const requested: string[] = [];
let failing = new Set<string>();

class FakeImage {
  decoding = "";
  naturalWidth = 1920;
  naturalHeight = 1080;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = "";
  get src() {
    return this.url;
  }
  set src(url: string) {
    this.url = url;
    requested.push(url);
    setTimeout(() => (failing.has(url) ? this.onerror?.() : this.onload?.()), 0);
  }
}

/** matchMedia whose width the test sets; listeners hear about changes. */
function installViewport(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return min ? current >= Number(min[1]) : false;
  };
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: number) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
}

const drawn: unknown[] = [];

beforeEach(() => {
  requested.length = 0;
  drawn.length = 0;
  failing = new Set();
  vi.stubGlobal("Image", FakeImage);
  vi.stubGlobal("requestIdleCallback", undefined); // the 5 ms timer path: deterministic here
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () =>
      ({
        fillRect: () => {},
        drawImage: (image: unknown) => drawn.push(image),
        fillStyle: "",
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ScrollSequenceScreen", () => {
  it("shows the invitation to scroll and counts frames in until the bar fades out", async () => {
    installViewport(1366);
    render(<ScrollSequenceScreen />);
    expect(screen.getByText("SCROLL DOWN")).toBeInTheDocument();
    expect(screen.getByText("Experience the animation")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: /loading animation frames/i });
    expect(bar).toHaveTextContent("Loading 0 / 88");

    await waitFor(() => expect(bar).toHaveTextContent("Loading 88 / 88"));
    expect(bar).toHaveClass("is-complete");
    expect(new Set(requested).size).toBe(88);
    expect(requested).toContain("/images/scroll-sequence/frame_00541.jpg");
    expect(requested).toContain("/images/scroll-sequence/frame_00628.jpg");
  });

  it("draws the first frame at the top of the page and exposes it on the canvas", async () => {
    installViewport(1366);
    const { container } = render(<ScrollSequenceScreen />);
    const canvas = container.querySelector("canvas")!;
    await waitFor(() => expect(canvas.dataset.frameSrc).toBe("/images/scroll-sequence/frame_00541.jpg"));
    expect(canvas.dataset.frameIndex).toBe("0");
    expect(drawn.length).toBeGreaterThan(0);
  });

  it("counts a frame that fails as loaded, and logs it", async () => {
    installViewport(1366);
    failing = new Set(["/images/scroll-sequence/frame_00560.jpg"]);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<ScrollSequenceScreen />);
    const bar = screen.getByRole("progressbar", { name: /loading animation frames/i });
    await waitFor(() => expect(bar).toHaveTextContent("Loading 88 / 88"));
    expect(bar).toHaveClass("is-complete");
    expect(error).toHaveBeenCalledWith(expect.stringContaining("frame_00560.jpg"));
  });

  it("uses the vertical frames below 768 px", async () => {
    installViewport(390);
    const { container } = render(<ScrollSequenceScreen />);
    await waitFor(() => expect(requested).toHaveLength(88));
    expect(requested.every((url) => /^\/images\/scroll-sequence-vertical\/frame_\d{5}\.jpg$/.test(url))).toBe(true);
    expect(container.querySelector("main")).toHaveAttribute("data-layout", "mobile");
  });

  it.each([
    [1, "/images/scroll-sequence-vertical/frame_"],
    [2, "/images/scroll-sequence-vertical/2x/frame_"],
    [3, "/images/scroll-sequence-vertical/2x/frame_"],
  ])("on a phone of %s device pixels per CSS pixel loads %s*", async (dpr, prefix) => {
    vi.stubGlobal("devicePixelRatio", dpr);
    installViewport(390);
    const { container } = render(<ScrollSequenceScreen />);
    const bar = screen.getByRole("progressbar", { name: /loading animation frames/i });
    await waitFor(() => expect(bar).toHaveTextContent("Loading 88 / 88"));
    expect(new Set(requested).size).toBe(88);
    expect(requested.every((url) => url.startsWith(prefix))).toBe(true);
    expect(requested).toContain(`${prefix}00541.jpg`);
    const canvas = container.querySelector("canvas")!;
    expect(canvas.dataset.frameSrc).toBe(`${prefix}00541.jpg`);
  });

  it("keeps the desktop frames on a dense desktop screen (no denser desktop set)", async () => {
    vi.stubGlobal("devicePixelRatio", 2);
    installViewport(1366);
    render(<ScrollSequenceScreen />);
    await waitFor(() => expect(requested).toHaveLength(88));
    expect(requested.every((url) => /^\/images\/scroll-sequence\/frame_\d{5}\.jpg$/.test(url))).toBe(true);
  });

  it("crossing 768 px resets, reloads the other folder and scrolls to the top", async () => {
    const resize = installViewport(1366);
    render(<ScrollSequenceScreen />);
    const bar = screen.getByRole("progressbar", { name: /loading animation frames/i });
    await waitFor(() => expect(bar).toHaveTextContent("Loading 88 / 88"));
    expect(window.scrollTo).not.toHaveBeenCalled();

    requested.length = 0;
    act(() => resize(700));
    expect(bar).toHaveTextContent("Loading 0 / 88");
    expect(bar).not.toHaveClass("is-complete");
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    await waitFor(() => expect(bar).toHaveTextContent("Loading 88 / 88"));
    expect(requested).toHaveLength(88);
    expect(requested.every((url) => url.startsWith("/images/scroll-sequence-vertical/"))).toBe(true);
  });

  it("stops loading when the visitor leaves the page", async () => {
    // Idle callbacks run by hand: with real timers a busy machine could request all 88 frames
    // before the test looked, and the test would prove nothing.
    const idle = new Map<number, () => void>();
    let handles = 0;
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => {
      idle.set(++handles, callback);
      return handles;
    });
    vi.stubGlobal("cancelIdleCallback", (handle: number) => idle.delete(handle));
    const runIdle = () => {
      const callbacks = [...idle.values()];
      idle.clear();
      callbacks.forEach((callback) => callback());
    };
    installViewport(1366);
    const { unmount } = render(<ScrollSequenceScreen />);
    await waitFor(() => expect(idle.size).toBeGreaterThan(0));
    runIdle();
    const first = requested.length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(88);
    unmount();
    runIdle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested.length).toBe(first);
  });
});
