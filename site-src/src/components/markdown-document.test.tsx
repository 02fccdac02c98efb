import { render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { act } from "react";
import remarkBreaks from "remark-breaks";
import { describe, expect, it, vi } from "vitest";
import { MarkdownDocument } from "./markdown-document";

const MARKDOWN = [
  "# One",
  "## Two",
  "### Three",
  "#### Four",
  "###### Six",
  "first line",
  "second line",
  "",
  "| A | B |",
  "| --- | --- |",
  "| 1 | 2 |",
  "",
  "[out](https://example.com) [in](/aftercare) <script>alert(1)</script> [bad](javascript:alert(1))",
].join("\n");

const levels = (root: HTMLElement) => [...root.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => h.tagName);

describe("MarkdownDocument", () => {
  it("labels every body cell with its column's heading, for the narrow layout", () => {
    const table = ["| Stage | *Typical* timing |", "| --- | --- |", "| Fresh | Days 1-3 |", "| Healed | 1-3 months |"].join("\n");
    const { container } = render(
      <MarkdownDocument className="x-md" headings={{ min: 2, max: 4 }}>
        {table}
      </MarkdownDocument>,
    );
    const cells = [...container.querySelectorAll("td")].map((td) => [td.dataset.label, td.textContent]);
    expect(cells).toEqual([
      ["Stage", "Fresh"],
      ["Typical timing", "Days 1-3"],
      ["Stage", "Healed"],
      ["Typical timing", "1-3 months"],
    ]);
  });

  it("brings every heading within the given levels, never an h1", () => {
    const { container, rerender } = render(
      <MarkdownDocument className="x-md" headings={{ min: 2, max: 4 }}>
        {MARKDOWN}
      </MarkdownDocument>,
    );
    expect(levels(container)).toEqual(["H2", "H2", "H3", "H4", "H4"]);
    rerender(
      <MarkdownDocument className="x-md" headings={{ min: 4, max: 4 }}>
        {MARKDOWN}
      </MarkdownDocument>,
    );
    expect(levels(container)).toEqual(["H4", "H4", "H4", "H4", "H4"]);
  });

  it("wears the screen's class, wraps tables in a focusable scroller, opens other sites in a new tab", () => {
    const { container } = render(
      <MarkdownDocument className="x-md" headings={{ min: 2, max: 4 }}>
        {MARKDOWN}
      </MarkdownDocument>,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass("markdown-document", "x-md");
    const scroller = root.querySelector(".markdown-document__table");
    expect(scroller).toHaveAttribute("tabindex", "0");
    expect(scroller?.querySelector("table")).not.toBeNull();
    expect(screen.getByRole("link", { name: "out" })).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "out" })).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("link", { name: "in" })).not.toHaveAttribute("target");
    expect(root.querySelector("script")).toBeNull();
    expect(root.querySelector('a[href^="javascript"]')).toBeNull();
    expect(root.querySelector("br")).toBeNull();
  });

  it("runs the extra remark plugins after GitHub-flavoured Markdown", () => {
    const { container } = render(
      <MarkdownDocument className="x-md" headings={{ min: 4, max: 4 }} remarkPlugins={[remarkBreaks]}>
        {"first line\nsecond line"}
      </MarkdownDocument>,
    );
    expect(container.querySelector("p br")).not.toBeNull();
  });

  it("keeps the prerendered HTML while the page hydrates", async () => {
    const element = (
      <MarkdownDocument className="x-md" headings={{ min: 2, max: 4 }}>
        {MARKDOWN}
      </MarkdownDocument>
    );
    const host = document.createElement("div");
    // The prerenderer runs in node, where there is no document.
    vi.stubGlobal("document", undefined);
    const html = renderToString(element);
    vi.unstubAllGlobals();
    host.innerHTML = html;
    document.body.append(host);
    const prerendered = host.innerHTML;
    expect(levels(host)).toEqual(["H2", "H2", "H3", "H4", "H4"]);
    // Parsed again, this Markdown would add a paragraph: the prerendered HTML stays as it is.
    const later = (
      <MarkdownDocument className="x-md" headings={{ min: 2, max: 4 }}>
        {MARKDOWN + "\n\nNot parsed while hydrating."}
      </MarkdownDocument>
    );
    const root = await act(async () => hydrateRoot(host, later));
    expect(host.innerHTML).toBe(prerendered);
    act(() => root.unmount());
    host.remove();
  });
});
