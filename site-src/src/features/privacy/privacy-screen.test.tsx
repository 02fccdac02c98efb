import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetPageDataCache } from "../../lib/page-data";
import { jsonResponse } from "../../testing/fetch";
import { installSiteData, testSiteData } from "../../testing/site-data";
import PrivacyScreen from "./privacy-screen";

// The notice as the build publishes it: its placeholders already filled in (docs/privacy.md).
const MARKDOWN = "## How long we keep it\n\n- A request: **180 days**.\n\n## A copy, or deletion\n\nWrite to us.";

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={["/privacy"]}>
      <PrivacyScreen />
    </MemoryRouter>,
  );
}

afterEach(() => {
  resetPageDataCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PrivacyScreen", () => {
  it("fetches GET /api/privacy and renders the notice under its title, with a way to write", async () => {
    installSiteData(testSiteData);
    const fetch = vi.fn(() => Promise.resolve(jsonResponse({ markdown: MARKDOWN })));
    vi.stubGlobal("fetch", fetch);
    renderScreen();
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 2, name: "How long we keep it" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/privacy", expect.anything());
    expect(screen.getByText("180 days")).toBeInTheDocument();
    expect(screen.queryByText("Loading content...")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Email Us" })).toHaveAttribute("href", `mailto:${testSiteData.email}`);
  });
});
