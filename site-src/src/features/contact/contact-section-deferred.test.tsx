import { act, fireEvent, render, screen } from "@testing-library/react";
import type { JSX, ReactNode } from "react";
import { MemoryRouter, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testArtists } from "../../testing/artists";
import { jsonResponse, mockFetch } from "../../testing/fetch";

// The form's code waits for the visitor (docs/architecture.md#performance-budget). Whether it
// is wanted is the page's state (the module's): each case loads the section afresh.
async function freshSection() {
  vi.resetModules();
  const { ContactSection } = await import("./contact-section");
  const { ArtistsProvider } = await import("../../lib/artists-store");
  return { ContactSection, ArtistsProvider };
}

let near: ((entries: { isIntersecting: boolean }[]) => void) | null = null;

beforeEach(() => {
  mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
  // An IntersectionObserver that reports only when the test says the section came near.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        near = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  near = null;
});

function Navigate() {
  const navigate = useNavigate();
  return <button onClick={() => navigate("/#artists")}>go</button>;
}

const form = () => screen.queryByRole("button", { name: "Send Message" });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("ContactSection's form code", () => {
  it("is not fetched while the section is far away, and is once it comes near", async () => {
    const { ContactSection, ArtistsProvider } = await freshSection();
    render(
      <MemoryRouter>
        <ArtistsProvider>
          <ContactSection />
        </ArtistsProvider>
      </MemoryRouter>,
    );
    await settle();
    expect(form()).toBeNull();
    act(() => near?.([{ isIntersecting: true }]));
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeInTheDocument();
  });

  it("is fetched as soon as the visitor reaches into the section (an artist's contact button focuses it)", async () => {
    const { ContactSection, ArtistsProvider } = await freshSection();
    render(
      <MemoryRouter>
        <ArtistsProvider>
          <ContactSection />
        </ArtistsProvider>
      </MemoryRouter>,
    );
    await settle();
    expect(form()).toBeNull();
    act(() => document.getElementById("contact")?.focus());
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeInTheDocument();
  });

  it("is fetched as soon as the app navigates: a navigation must not wait for a scroll", async () => {
    const { ContactSection, ArtistsProvider } = await freshSection();
    render(
      <MemoryRouter>
        <ArtistsProvider>
          <Navigate />
          <ContactSection />
        </ArtistsProvider>
      </MemoryRouter>,
    );
    await settle();
    expect(form()).toBeNull();
    act(() => screen.getByRole("button", { name: "go" }).click());
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeInTheDocument();
  });
});

describe("the prerendered form, before its code has come", () => {
  it("keeps what is typed and a Send, and the form takes them over once its code is there", async () => {
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      "/api/artists": () => jsonResponse(testArtists),
      "/api/contact": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ success: true, message: "Thank you!" });
      },
    });
    const { renderToString } = await import("react-dom/server");
    const { hydrateRoot } = await import("react-dom/client");
    const page = (ContactSection: () => JSX.Element, ArtistsProvider: (p: { children: ReactNode }) => JSX.Element) => (
      <MemoryRouter>
        <ArtistsProvider>
          <ContactSection />
        </ArtistsProvider>
      </MemoryRouter>
    );
    // The page as the build writes it: the form rendered into the HTML.
    const server = await freshSection();
    const { wantContactForm } = await import("./contact-section");
    wantContactForm();
    let html = renderToString(page(server.ContactSection, server.ArtistsProvider)); // starts the import
    await vi.waitFor(() => {
      html = renderToString(page(server.ContactSection, server.ArtistsProvider));
      expect(html).toContain("Send Message");
    });
    // The visitor's page: the same HTML, the app hydrating it, the form's code not asked for yet.
    const browser = await freshSection();
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page(browser.ContactSection, browser.ArtistsProvider), { onRecoverableError: recoverable });
    });
    await settle();
    // Typed into the prerendered fields and sent, all before the code came (the browser's own
    // events: React holds its own back until the form has hydrated).
    const form = container.querySelector("form") as HTMLFormElement;
    const type = (label: string, value: string) => {
      const control = screen.getByLabelText(label) as HTMLInputElement;
      control.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      control.value = value;
      control.dispatchEvent(new Event("input", { bubbles: true }));
    };
    let posted = true;
    act(() => {
      type("Name", "Ada");
      type("Email", "ada@example.com");
      type("Tell us about your idea", "A small rose.");
      posted = form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
    });
    // Meanwhile the section comes near and renders again: the form must not be rendered afresh.
    act(() => near?.([{ isIntersecting: true }]));
    expect(posted).toBe(false); // never posted as a page
    for (let i = 0; i < 50 && sent.length === 0; i++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    }
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector("form")).toBe(form); // hydrated in place, not rendered afresh
    expect(sent).toEqual([expect.objectContaining({ name: "Ada", email: "ada@example.com", message: "A small rose." })]);
    expect(await screen.findByText("Thank you!")).toBeInTheDocument();
    container.remove();
  });
});
