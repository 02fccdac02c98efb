import { act, render, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { DESKTOP_QUERY } from "../hooks/use-media-query";
import { INTRO_DESKTOP_QUERY, resetIntroVideo, startPageIntroVideo } from "../lib/intro-video";
import { introStream, settle } from "../testing/intro-video";
import { Preloader, PRELOADER } from "./preloader";

// The intro video of the test site data at a phone's width (jsdom matches no media query).
const INTRO = "/videos/intro-v.mp4";

function progress(): number {
  return Number(screen.getByRole("progressbar", { name: "Loading" }).getAttribute("aria-valuenow"));
}

const shownNumber = () => document.querySelector(".preloader__percent")?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  resetIntroVideo();
});
afterEach(() => {
  resetIntroVideo();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Preloader", () => {
  it("spells LOADING one letter every 0.1 s", () => {
    introStream(INTRO, 1000);
    render(<Preloader onDone={() => {}} />);
    const letters = Array.from(document.querySelectorAll<HTMLElement>(".preloader__letter"));
    expect(letters.map((l) => l.textContent).join("")).toBe("LOADING");
    expect(letters.map((l) => l.style.animationDelay)).toEqual(["0ms", "100ms", "200ms", "300ms", "400ms", "500ms", "600ms"]);
  });

  it("picks the intro video at the app's one mobile/desktop switch", () => {
    expect(INTRO_DESKTOP_QUERY).toBe(DESKTOP_QUERY);
  });

  it("names the intro videos, so the page can start one before the app runs", () => {
    introStream(INTRO, 1000);
    render(<Preloader onDone={() => {}} />);
    expect(screen.getByTestId("preloader")).toHaveAttribute("data-intro-horizontal", "/videos/intro.mp4");
    expect(screen.getByTestId("preloader")).toHaveAttribute("data-intro-vertical", INTRO);
  });

  it("follows the intro video as it arrives, then completes when all of it is in", async () => {
    const video = introStream(INTRO, 1000);
    const onDone = vi.fn();
    render(<Preloader onDone={onDone} />);
    expect(video.fetchMock).toHaveBeenCalledWith(INTRO, expect.anything());
    expect(progress()).toBe(0);
    expect(shownNumber()).toBe("000");
    await act(async () => {
      video.send(300);
      await settle();
    });
    expect(progress()).toBe(30);
    expect(shownNumber()).toBe("030");
    await act(async () => {
      video.send(695);
      await settle();
    });
    expect(progress()).toBe(99); // 100 only once the last byte is in
    await act(async () => {
      video.send(5);
      video.end();
      await settle();
    });
    expect(progress()).toBe(100);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("hides 500 ms after reaching 100 and releases the page's scroll lock", async () => {
    const video = introStream(INTRO, 10);
    const onDone = vi.fn();
    render(<Preloader onDone={onDone} />);
    expect(document.documentElement.style.overflow).toBe("hidden");
    await act(async () => {
      video.send(10);
      video.end();
      await settle();
    });
    act(() => vi.advanceTimersByTime(PRELOADER.hideDelayMs - 1));
    expect(screen.getByTestId("preloader")).toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe("hidden");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("preloader")).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("goes straight to 100 when the video fails to load, logging why", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    introStream(INTRO, null, 404);
    render(<Preloader onDone={() => {}} />);
    await act(settle);
    expect(progress()).toBe(100);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(INTRO), expect.anything());
  });

  it("goes straight to 100 when the video is already cached", async () => {
    const video = introStream(INTRO, 1000);
    video.send(1000);
    video.end();
    render(<Preloader onDone={() => {}} />);
    await act(settle);
    expect(progress()).toBe(100);
  });

  it("proceeds after 4000 ms when the video has not loaded, and stops asking for it once gone", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const video = introStream(INTRO, 1000);
    const onDone = vi.fn();
    render(<Preloader onDone={onDone} />);
    await act(async () => {
      video.send(100);
      await settle();
    });
    act(() => vi.advanceTimersByTime(PRELOADER.timeoutMs - 1));
    expect(progress()).toBe(10);
    act(() => vi.advanceTimersByTime(1));
    expect(progress()).toBe(100);
    expect(warn).toHaveBeenCalled();
    const signal = (video.fetchMock.mock.calls[0][1] as RequestInit).signal as AbortSignal;
    expect(signal.aborted).toBe(false);
    act(() => vi.advanceTimersByTime(PRELOADER.hideDelayMs));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(signal.aborted).toBe(true);
  });

  it("hydrates the prerendered preloader whose number moved before the app ran, then shows its own", async () => {
    const recoverable = vi.fn();
    const video = introStream(INTRO, 1000);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Preloader onDone={() => {}} />);
    document.body.append(container);
    // main.tsx, before the app: the video starts and the page's number follows it.
    startPageIntroVideo();
    await act(async () => {
      video.send(420);
      await settle();
    });
    expect(shownNumber()).toBe("042");
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Preloader onDone={() => {}} />, { onRecoverableError: recoverable });
      await settle();
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(progress()).toBe(42);
    await act(async () => {
      video.send(100);
      await settle();
    });
    expect(shownNumber()).toBe("052");
    expect(progress()).toBe(52);
    act(() => root?.unmount());
    container.remove();
  });
});
