import { act, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../testing/fetch";
import { installSiteData, testSiteData } from "../../testing/site-data";
import AftercareScreen from "./aftercare-screen";

const answer = (body: unknown, status = 200) => vi.fn(async () => jsonResponse(body, status));

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={["/aftercare"]}>
      <AftercareScreen />
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole("article", { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AftercareScreen", () => {
  it("shows the heading and 'Loading content...' in both cards until content arrives", async () => {
    let release: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetch);
    renderScreen();

    expect(screen.getByRole("heading", { level: 1, name: "Aftercare Guide" })).toBeInTheDocument();
    expect(within(card("Tattoo Aftercare")).getByText("Loading content...")).toBeInTheDocument();
    expect(within(card("Piercing Aftercare")).getByText("Loading content...")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/aftercare", expect.anything());

    release(
      new Response(
        JSON.stringify([
          { section_type: "tattoo", content: "Keep it **clean**." },
          { section_type: "piercing", content: "Saline twice a day." },
        ]),
      ),
    );
    expect(await within(card("Tattoo Aftercare")).findByText("clean")).toBeInTheDocument();
    expect(within(card("Piercing Aftercare")).getByText("Saline twice a day.")).toBeInTheDocument();
    expect(screen.queryByText("Loading content...")).not.toBeInTheDocument();
  });

  it("renders every markdown heading at level 3 (under the card title), GitHub tables and kept line breaks", async () => {
    const markdown = [
      "# First Day",
      "## Washing",
      "### Products",
      "###### Tiny",
      "",
      "Line one",
      "Line two",
      "",
      "| Week | What to do |",
      "| --- | --- |",
      "| 1 | Wash gently |",
      "",
      "- ~~Pick~~ Leave scabs alone",
    ].join("\n");
    vi.stubGlobal("fetch", answer([{ section_type: "tattoo", content: markdown }, { section_type: "piercing", content: "x" }]));
    renderScreen();

    const tattoo = await screen.findByRole("article", { name: "Tattoo Aftercare" });
    await within(tattoo).findByRole("table");
    const headings = within(tattoo).getAllByRole("heading").filter((h) => h.tagName !== "H3");
    expect(headings.map((h) => [h.tagName, h.textContent])).toEqual([
      ["H4", "First Day"],
      ["H4", "Washing"],
      ["H4", "Products"],
      ["H4", "Tiny"],
    ]);
    expect(within(tattoo).getAllByRole("heading", { level: 4 })).toHaveLength(4);
    expect(within(tattoo).getByRole("columnheader", { name: "What to do" })).toBeInTheDocument();
    expect(within(tattoo).getByRole("cell", { name: "Wash gently" })).toBeInTheDocument();
    const paragraph = within(tattoo).getByText(/Line one/);
    expect(paragraph.tagName).toBe("P");
    expect(paragraph.querySelector("br")).not.toBeNull();
    expect(paragraph).toHaveTextContent(/Line one\s*Line two/);
    expect(tattoo.querySelector("del")).toHaveTextContent("Pick");
  });

  it("keeps an editor's raw HTML inert and drops javascript: links", async () => {
    const markdown = [
      "<script>window.__aftercareInjected = true</script>",
      "",
      '<img src="x" onerror="window.__aftercareInjected = true">',
      "",
      "[Click me](javascript:window.__aftercareInjected=true)",
    ].join("\n");
    vi.stubGlobal("fetch", answer([{ section_type: "tattoo", content: markdown }, { section_type: "piercing", content: "x" }]));
    renderScreen();

    const tattoo = await screen.findByRole("article", { name: "Tattoo Aftercare" });
    await within(tattoo).findByText("Click me");
    expect(tattoo.querySelector("script, img, [onerror]")).toBeNull();
    expect(within(tattoo).getByText(/<script>/)).toBeInTheDocument(); // shown as text, not run
    expect(within(tattoo).getByText("Click me").closest("a")?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
    expect((window as unknown as { __aftercareInjected?: boolean }).__aftercareInjected).toBeUndefined();
  });

  it("gives a missing section empty content while the other card renders", async () => {
    vi.stubGlobal("fetch", answer([{ section_type: "piercing", content: "Use saline." }]));
    renderScreen();
    expect(await within(card("Piercing Aftercare")).findByText("Use saline.")).toBeInTheDocument();
    expect(within(card("Tattoo Aftercare")).getByText("Loading content...")).toBeInTheDocument();
  });

  it.each([
    ["a network failure", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")))],
    ["a non-OK answer", answer({ error: "nope" }, 500)],
  ])("only logs %s: content stays 'Loading content...'", async (_label, fetch) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", fetch);
    renderScreen();
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getAllByText("Loading content...")).toHaveLength(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers Contact Us (to /#contact) and a call button with the studio phone from site data", async () => {
    installSiteData({ ...testSiteData, phone: "(972) 555-0199", phoneHref: "tel:+19725550199" });
    vi.stubGlobal("fetch", answer([]));
    renderScreen();
    await act(async () => {}); // let the (empty) aftercare answer settle

    const questions = screen.getByRole("region", { name: "Questions About Your Healing?" });
    expect(within(questions).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/#contact");
    expect(within(questions).getByRole("link", { name: /\(972\) 555-0199/ })).toHaveAttribute("href", "tel:+19725550199");
  });
});
