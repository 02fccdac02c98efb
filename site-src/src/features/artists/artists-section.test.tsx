import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArtistsProvider, useSelectedArtist } from "../../lib/artists-store";
import { testArtists } from "../../testing/artists";
import { deferred, jsonResponse, mockFetch } from "../../testing/fetch";
import { ArtistsSection } from "./artists-section";

const scrollIntoView = vi.fn();

beforeEach(() => {
  // jsdom lays nothing out, so it has no scrollIntoView; the contact button calls it.
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  scrollIntoView.mockReset();
});

function SelectedProbe() {
  const [selected] = useSelectedArtist();
  return <p>selected: {selected}</p>;
}

function renderSection(extra?: React.ReactNode) {
  return render(
    <MemoryRouter>
      <ArtistsProvider>
        <ArtistsSection />
        <SelectedProbe />
        {extra}
      </ArtistsProvider>
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole("article", { name });

describe("ArtistsSection", () => {
  it("shows a spinner and 'Loading artists...' until the artists arrive", async () => {
    const answer = deferred<Response>();
    mockFetch({ "/api/artists": () => answer.promise });
    const { container } = renderSection();
    expect(screen.getByRole("status")).toHaveTextContent("Loading artists...");
    expect(container.querySelector("#artists .spinner")).not.toBeNull();
    answer.resolve(jsonResponse(testArtists));
    expect(await screen.findByRole("article", { name: "Jane Doe" })).toBeInTheDocument();
    expect(screen.queryByText("Loading artists...")).not.toBeInTheDocument();
  });

  it("a photo the editor described is read out with its alt text; one not described stays decorative", async () => {
    const [jane, ...rest] = testArtists;
    const described = { ...jane, alt: "Jane at her station, tattooing a forearm", status: "draft" as const };
    mockFetch({ "/api/artists": () => jsonResponse([described, ...rest]) });
    renderSection();
    const card = await screen.findByRole("article", { name: "Jane Doe" });
    expect(within(card).getByRole("img", { name: "Jane at her station, tattooing a forearm" })).toBeInTheDocument();
    expect(within(card).getByTestId("unpublished-mark")).toHaveTextContent("Draft");
    const max = screen.getByRole("article", { name: "Max Ink" });
    expect(within(max).queryByRole("img")).not.toBeInTheDocument(); // alt="" inside a hidden link
    expect(max.querySelector("img")).toHaveAttribute("alt", "");
    expect(within(max).queryByTestId("unpublished-mark")).not.toBeInTheDocument();
  });

  it("shows 'Failed to load artists' and no cards when the list cannot be loaded", async () => {
    mockFetch({ "/api/artists": () => jsonResponse({ error: "boom" }, 503) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderSection();
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load artists");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(screen.queryByText("Loading artists...")).not.toBeInTheDocument();
  });

  it("renders a card per artist in order with photo, name, bio and specialty tags", async () => {
    mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    const { container } = renderSection();
    await screen.findByRole("article", { name: "Jane Doe" });
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Jane Doe",
      "Max Ink",
      "Ray Sol",
    ]);
    const ray = card("Ray Sol");
    expect(within(ray).getByText("Ray Sol works in black and grey.")).toBeInTheDocument();
    expect(within(within(ray).getByRole("list", { name: "Specialties" })).getAllByRole("listitem")).toHaveLength(1);
    expect(within(ray).getByText("Japanese")).toBeInTheDocument();
    // The photo comes from the image pipeline with its intrinsic size (no layout shift)
    // and links to the artist's portfolio.
    const photo = container.querySelector<HTMLImageElement>('img[src="/images/artists/ray-sol.jpg"]');
    expect(photo).not.toBeNull();
    expect(photo).toHaveAttribute("width", "800");
    expect(photo).toHaveAttribute("height", "1000");
    expect(photo!.closest("a")).toHaveAttribute("href", "/portfolio/ray-sol");
    expect(screen.getByRole("heading", { level: 2, name: "Our Artists" })).toBeInTheDocument();
  });

  it("delays each card's animation by 300 ms plus 100 ms per card", async () => {
    mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    renderSection();
    await screen.findByRole("article", { name: "Jane Doe" });
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("data-aos-delay"))).toEqual(["300", "400", "500"]);
  });

  it("has portfolio and Instagram buttons, the handle's leading @ removed, none without a handle", async () => {
    mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    renderSection();
    await screen.findByRole("article", { name: "Jane Doe" });
    expect(within(card("Jane Doe")).getByRole("link", { name: "Jane Doe's portfolio" })).toHaveAttribute(
      "href",
      "/portfolio/jane-doe",
    );
    const instagram = within(card("Jane Doe")).getByRole("link", { name: /Jane Doe on Instagram/ });
    expect(instagram).toHaveAttribute("href", "https://www.instagram.com/janedoe_ink/");
    expect(instagram).toHaveAttribute("target", "_blank");
    expect(instagram).toHaveAttribute("rel", expect.stringContaining("noopener"));
    expect(within(card("Max Ink")).getByRole("link", { name: /Instagram/ })).toHaveAttribute(
      "href",
      "https://www.instagram.com/maxink/",
    );
    expect(within(card("Ray Sol")).queryByRole("link", { name: /Instagram/ })).not.toBeInTheDocument();
  });

  it("labels closed books and a waitlist with a small label, the note as its title, and keeps three buttons", async () => {
    const [jane, max, ray] = testArtists;
    mockFetch({
      "/api/artists": () =>
        jsonResponse([
          { ...jane, books: "closed", books_note: "Books open again in March" },
          { ...max, books: "waitlist" },
          ray,
        ]),
    });
    renderSection();
    await screen.findByRole("article", { name: "Jane Doe" });
    const closed = within(card("Jane Doe")).getByText("Books closed");
    expect(closed.tagName).toBe("P");
    expect(closed).toHaveAttribute("title", "Books open again in March");
    expect(closed).toHaveTextContent("Books closed: Books open again in March"); // the note, for screen readers
    expect(within(card("Max Ink")).getByText("Waitlist")).not.toHaveAttribute("title");
    expect(within(card("Ray Sol")).queryByText(/Books closed|Waitlist/)).not.toBeInTheDocument();
    // A label, not a button: the card keeps its portfolio, Instagram and contact buttons only.
    const actions = card("Jane Doe").querySelector(".artist-card__actions")!;
    expect(within(actions as HTMLElement).getAllByRole("link")).toHaveLength(3);
    expect(within(card("Jane Doe")).queryByRole("button", { name: /book|waitlist/i })).not.toBeInTheDocument();
  });

  it("offers Read More / Read Less only for bios over 150 characters", async () => {
    mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    renderSection();
    await screen.findByRole("article", { name: "Jane Doe" });
    // Max Ink's bio is exactly 150 characters: no toggle, never clamped.
    expect(within(card("Max Ink")).queryByRole("button", { name: /Read/ })).not.toBeInTheDocument();
    expect(within(card("Max Ink")).getByText("M".repeat(150))).not.toHaveClass("is-clamped");

    const jane = card("Jane Doe");
    const bio = within(jane).getByText("J".repeat(151));
    const more = within(jane).getByRole("button", { name: "Read More" });
    expect(bio).toHaveClass("is-clamped");
    expect(more).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(more);
    expect(within(jane).getByRole("button", { name: "Read Less" })).toHaveAttribute("aria-expanded", "true");
    expect(bio).not.toHaveClass("is-clamped");
    await userEvent.click(within(jane).getByRole("button", { name: "Read Less" }));
    expect(within(jane).getByRole("button", { name: "Read More" })).toBeInTheDocument();
    expect(bio).toHaveClass("is-clamped");
  });

  it("contact button preselects the artist and jumps to #contact", async () => {
    mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    renderSection(<section id="contact" tabIndex={-1} aria-label="contact" />);
    await screen.findByRole("article", { name: "Jane Doe" });
    expect(screen.getByText("selected: na")).toBeInTheDocument();
    const contact = within(card("Max Ink")).getByRole("link", { name: "Contact Max Ink" });
    expect(contact).toHaveAttribute("href", "#contact");
    await userEvent.click(contact);
    expect(screen.getByText("selected: max-ink")).toBeInTheDocument();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById("contact"));
    expect(document.activeElement).toBe(document.getElementById("contact"));
  });
  // Sliding, pagination and the arrows need layout: tests/browser/test_artists_contact.py.
});

describe("carouselLayoutCss", () => {
  it("lays slides out as Swiper does (width = (container - (n - 1) * gap) / n) at every breakpoint", async () => {
    const { carouselLayoutCss } = await import("./artists-section");
    const css = carouselLayoutCss(".c");
    expect(css).toContain(".c .swiper-slide{width:calc((100% - 3.2px) / 1.2);margin-right:16px}");
    expect(css).toContain(
      "@media (min-width:1280px){.c .swiper-slide{width:calc((100% - 84px) / 4);margin-right:28px}}",
    );
  });
});
