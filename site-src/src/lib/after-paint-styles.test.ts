import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyAfterPaintStyles, FONT_WAIT_MS } from "./after-paint-styles";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll("link").forEach((link) => link.remove());
});

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
const stylesheet = (href: string) => document.head.querySelector<HTMLLinkElement>(`link[href="${href}"]`)!;

describe("stylesheets applied after the first paint", () => {
  it("applies the ones the page linked for after its paint, and no other", async () => {
    document.head.innerHTML = `
      <link rel="stylesheet" href="/assets/fonts.css" media="print" data-after-paint>
      <link rel="stylesheet" href="/assets/print.css" media="print">`;
    applyAfterPaintStyles();
    await vi.advanceTimersByTimeAsync(0);
    expect(stylesheet("/assets/fonts.css").media).toBe("all");
    expect(stylesheet("/assets/print.css").media).toBe("print");
  });

  it("fetches the stylesheet's fonts first and applies it once every one is in, loaded or failed", async () => {
    document.head.innerHTML = `
      <link rel="stylesheet" href="/assets/fonts.css" media="print" data-after-paint
        data-fonts="/assets/serif.woff2 /assets/sans.woff2">`;
    applyAfterPaintStyles();
    const [serif, sans] = preloads();
    expect([serif.getAttribute("href"), sans.getAttribute("href")]).toEqual(["/assets/serif.woff2", "/assets/sans.woff2"]);
    expect(serif.as).toBe("font");
    expect(serif.crossOrigin).toBe("anonymous");

    serif.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(0);
    expect(stylesheet("/assets/fonts.css").media).toBe("print");
    sans.dispatchEvent(new Event("error"));
    await vi.advanceTimersByTimeAsync(0);
    expect(stylesheet("/assets/fonts.css").media).toBe("all");
  });

  it("does not wait for a font that never arrives longer than FONT_WAIT_MS", async () => {
    document.head.innerHTML = `
      <link rel="stylesheet" href="/assets/fonts.css" media="print" data-after-paint data-fonts="/assets/slow.woff2">`;
    applyAfterPaintStyles();
    await vi.advanceTimersByTimeAsync(FONT_WAIT_MS - 1);
    expect(stylesheet("/assets/fonts.css").media).toBe("print");
    await vi.advanceTimersByTimeAsync(1);
    expect(stylesheet("/assets/fonts.css").media).toBe("all");
  });
});
