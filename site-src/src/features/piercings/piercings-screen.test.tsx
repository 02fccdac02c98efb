import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installSiteData, testImage, testSiteData } from "../../testing/site-data";
import PiercingsScreen from "./piercings-screen";

function setViewportWidth(width: number) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      return {
        matches: min ? width >= Number(min[1]) : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}

const brands = ["Anatometal", "BVLA", "Junipurr", "Neometal"].map((name) => ({
  name,
  url: `https://${name.toLowerCase()}.example`,
  image: testImage(`/images/brands/${name.toLowerCase()}.png`, 400, 200),
}));

function renderScreen(children = <section id="contact" aria-label="Contact form" />) {
  return render(
    <MemoryRouter initialEntries={["/piercings"]}>
      <PiercingsScreen>{children}</PiercingsScreen>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  installSiteData({ ...testSiteData, brands });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  setViewportWidth(1366);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PiercingsScreen", () => {
  it("opens with the looping muted video hero and its heading", () => {
    const { container } = renderScreen();
    expect(screen.getByRole("heading", { level: 1, name: "Professional Piercing" })).toBeInTheDocument();
    expect(screen.getByText(/premium, implant-grade jewelry/i)).toBeInTheDocument();
    const video = container.querySelector("video")!;
    expect(video).toHaveAttribute("src", "/videos/piercing.mp4");
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.playsInline).toBe(true);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it("plays the vertical video below 768 px", () => {
    setViewportWidth(390);
    const { container } = renderScreen();
    expect(container.querySelector("video")).toHaveAttribute("src", "/videos/piercing-v.mp4");
  });

  it("lists the four services with their exact items", () => {
    renderScreen();
    const services = screen.getByRole("region", { name: "Our Services" });
    const cards = within(services).getAllByRole("article");
    const lists = cards.map((card) => [
      within(card).getByRole("heading", { level: 3 }).textContent,
      within(card)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ]);
    expect(lists).toEqual([
      [
        "Ear Piercings",
        ["Lobe & Upper Lobe", "Helix & Forward Helix", "Tragus & Anti-Tragus", "Conch & Daith", "Rook & Industrial"],
      ],
      ["Facial Piercings", ["Nostril & High Nostril", "Septum", "Eyebrow", "Lip & Labret", "Monroe & Medusa"]],
      ["Body Piercings", ["Navel", "Nipple", "Surface Piercings", "Dermal Anchors"]],
      ["Additional Services", ["Jewelry Changes", "Premium Upgrades", "Consultation Services", "Aftercare Guidance"]],
    ]);
  });

  it("links Book Your Piercing to the contact section on this page", () => {
    renderScreen();
    expect(screen.getByRole("link", { name: "Book Your Piercing" })).toHaveAttribute("href", "/piercings#contact");
  });

  it("shows each partner's logo from the site data, linking to the brand", () => {
    renderScreen();
    const partners = screen.getByRole("region", { name: "Premium Jewelry Partners" });
    const logos = within(partners).getAllByRole("img");
    expect(logos.map((logo) => logo.getAttribute("alt"))).toEqual(brands.map((b) => b.name));
    expect(logos[0]).toHaveAttribute("src", "/images/brands/anatometal.png");
    expect(within(partners).getByRole("link", { name: "BVLA" })).toHaveAttribute("href", "https://bvla.example");
  });

  it("shows a logo without a link when the brand has no URL", () => {
    installSiteData({ ...testSiteData, brands: [{ ...brands[0], url: null }] });
    renderScreen();
    const partners = screen.getByRole("region", { name: "Premium Jewelry Partners" });
    expect(within(partners).getByRole("img", { name: "Anatometal" })).toBeInTheDocument();
    expect(within(partners).queryByRole("link")).not.toBeInTheDocument();
  });

  it("renders the contact section it is given last", () => {
    const { container } = renderScreen();
    const main = container.querySelector("main")!;
    expect(main.lastElementChild).toBe(screen.getByRole("region", { name: "Contact form" }));
  });

  it("leaves the video paused for visitors who prefer reduced motion", () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        matches: query.includes("reduce") || query.includes("min-width"),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    const { container } = renderScreen();
    expect(container.querySelector("video")!.autoplay).toBe(false);
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });
});
