import { afterEach, describe, expect, it } from "vitest";
import { applyAfterPaintStyles } from "./after-paint-styles";

afterEach(() => document.head.querySelectorAll("link").forEach((link) => link.remove()));

describe("stylesheets applied after the first paint", () => {
  it("applies the ones the page linked for after its paint, and no other", () => {
    document.head.innerHTML = `
      <link rel="stylesheet" href="/assets/fonts.css" media="print" data-after-paint>
      <link rel="stylesheet" href="/assets/print.css" media="print">`;
    applyAfterPaintStyles();
    const [fonts, print] = document.head.querySelectorAll("link");
    expect(fonts.media).toBe("all");
    expect(print.media).toBe("print");
  });
});
