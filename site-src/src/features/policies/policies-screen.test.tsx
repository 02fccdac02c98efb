import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetPageDataCache } from "../../lib/page-data";
import { jsonResponse } from "../../testing/fetch";
import PoliciesScreen from "./policies-screen";

const MARKDOWN = [
  "# Deposits",
  "A **non-refundable** deposit holds your date.",
  "",
  "## Cancellation and rescheduling",
  "- 48 hours' notice",
  "- One free reschedule",
  "",
  "### Late arrivals",
  "Over 15 minutes late and we may rebook.",
  "",
  "| Service | Deposit |",
  "| --- | --- |",
  "| Consultation | None |",
  "",
  "[Aftercare](/aftercare) · <script>alert(1)</script> · [bad](javascript:alert(1))",
].join("\n");

const policies = { markdown: MARKDOWN, version: "0123456789abcdef" };

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={["/policies"]}>
      <PoliciesScreen />
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.getElementById("page-data")?.remove();
  resetPageDataCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PoliciesScreen", () => {
  it("fetches GET /api/policies and renders its Markdown under the page's title, in order", async () => {
    let release: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetch);
    renderScreen();
    expect(screen.getByRole("heading", { level: 1, name: "Studio Policies" })).toBeInTheDocument();
    expect(screen.getByText("Loading content...")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/policies", expect.anything());

    release(jsonResponse(policies));
    expect(await screen.findByRole("heading", { level: 2, name: "Deposits" })).toBeInTheDocument();
    const headings = screen
      .getAllByRole("heading")
      .filter((h) => h.closest(".policies-md"))
      .map((h) => [h.tagName, h.textContent]);
    expect(headings).toEqual([
      ["H2", "Deposits"],
      ["H2", "Cancellation and rescheduling"],
      ["H3", "Late arrivals"],
    ]);
    expect(screen.getByText("non-refundable").tagName).toBe("STRONG");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["48 hours' notice", "One free reschedule"]);
    expect(screen.getByRole("cell", { name: "Consultation" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Aftercare" })).toHaveAttribute("href", "/aftercare");
    expect(document.querySelector(".policies-md script")).toBeNull();
    expect(screen.getByText("bad").getAttribute("href") ?? "").not.toContain("javascript");
    expect(screen.queryByText("Loading content...")).not.toBeInTheDocument();
  });

  it("starts from the answer the page was prerendered with, and fetches nothing", () => {
    const script = document.createElement("script");
    script.id = "page-data";
    script.type = "application/json";
    script.textContent = JSON.stringify({ route: "/policies", answers: { "/api/policies": policies } });
    document.head.append(script);
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderScreen();
    expect(screen.getByRole("heading", { level: 2, name: "Deposits" })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps 'Loading content...' when the policies cannot be loaded (logged only)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({}, 404)));
    renderScreen();
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByText("Loading content...")).toBeInTheDocument();
  });

  it("offers Contact Us and a call button with the studio's phone", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    renderScreen();
    const questions = screen.getByRole("region", { name: "Questions Before You Book?" });
    expect(within(questions).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/#contact");
    expect(within(questions).getByRole("link", { name: /Call/ })).toHaveAttribute("href", "tel:+12145550100");
  });
});
