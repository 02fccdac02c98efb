import { afterEach, describe, expect, it } from "vitest";
import { showPageWithoutApp } from "./page-without-app";

afterEach(() => {
  document.head.innerHTML = "";
});

function noscript(html: string) {
  const element = document.createElement("noscript");
  element.textContent = html; // as a browser running scripts keeps it
  document.head.append(element);
}

describe("showing the page when the app cannot load", () => {
  it("applies the stylesheet the page links for visitors without JavaScript, once", () => {
    noscript('<link rel="stylesheet" href="/assets/no-script-ABCD1234.css">');
    showPageWithoutApp();
    showPageWithoutApp();
    const links = document.head.querySelectorAll('link[rel="stylesheet"]');
    expect([...links].map((link) => link.getAttribute("href"))).toEqual(["/assets/no-script-ABCD1234.css"]);
  });

  it("does nothing for a page without such a link", () => {
    noscript("<p>Turn on JavaScript</p>");
    showPageWithoutApp();
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
  });
});
