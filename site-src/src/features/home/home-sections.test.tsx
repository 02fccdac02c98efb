import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { installSiteData, testImage, testSiteData } from "../../testing/site-data";
import { BrandSection } from "./brand-section";
import { HeroSection } from "./hero-section";
import { LegacySection } from "./legacy-section";
import { OurWorkSection } from "./our-work-section";
import { PiercingShowcase } from "./piercing-showcase";
import { SiteFooter } from "./site-footer";
import { StudioSection } from "./studio-section";

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
});

describe("HeroSection", () => {
  it("shows the heading lines and a Play Video button for the hero film", () => {
    inRouter(<HeroSection />);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Dallas’s Premier");
    expect(heading).toHaveTextContent("Tattoo Atelier");
    expect(heading).toHaveTextContent("Since 1996");
    expect(screen.getByRole("button", { name: /Play Video/ })).toBeInTheDocument();
    expect(document.querySelector("#home")).toContainElement(heading);
  });

  it("plays the vertical hero file below 768 px as a decorative background", () => {
    inRouter(<HeroSection />);
    const background = document.querySelector("video.background-video");
    expect(background).toHaveAttribute("src", "/videos/hero-v.mp4");
    expect(background).toHaveAttribute("aria-hidden", "true");
    expect(background).toHaveAttribute("loop");
  });

  it("plays the horizontal hero file from 768 px up", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes("min-width: 768px"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      inRouter(<HeroSection />);
      expect(document.querySelector("video.background-video")).toHaveAttribute("src", "/videos/hero.mp4");
    } finally {
      window.matchMedia = original;
    }
  });
});

describe("BrandSection", () => {
  it("names the three highlights", () => {
    render(<BrandSection />);
    expect(screen.getByRole("heading", { name: "Where Artistry Meets Precision" })).toBeInTheDocument();
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".brand__label")?.textContent)).toEqual(["Heritage", "Expertise", "Excellence"]);
    expect(items.map((li) => li.querySelector(".brand__value")?.textContent)).toEqual(["30 Years", "Master Artists", "Precision"]);
    expect(items[1]).toHaveTextContent(/award-winning team of specialists/i);
  });
});

describe("StudioSection", () => {
  it("shows the studio lines and opens the studio film", () => {
    render(<StudioSection />);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Master CraftsmenAt Work");
    expect(screen.getByText("Experience Excellence")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Play Video/ })).toBeInTheDocument();
  });
});

describe("OurWorkSection", () => {
  it("shows the work stats from the site data and links to the portfolio", () => {
    inRouter(<OurWorkSection />);
    const terms = screen.getAllByRole("term").map((t) => t.textContent);
    const values = screen.getAllByRole("definition").map((d) => d.textContent);
    expect(terms).toEqual(["Pieces", "Styles", "Custom"]);
    expect(values).toEqual(["500+", "12", "100%"]);
    expect(screen.getByRole("link", { name: "View Full Portfolio" })).toHaveAttribute("href", "/portfolio");
  });
});

describe("PiercingShowcase", () => {
  it("links to the piercing services and offers the piercing film", () => {
    inRouter(<PiercingShowcase />);
    expect(screen.getByRole("heading", { name: "Professional Piercing Services" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore Services" })).toHaveAttribute("href", "/piercings");
    expect(document.querySelector("#piercings video.background-video")).toHaveAttribute("src", "/videos/piercing-v.mp4");
  });
});

describe("LegacySection", () => {
  it("shows stats, timeline, memorial and values from the site data", () => {
    installSiteData({
      ...testSiteData,
      timeline: [
        { period: "1996", title: "The Beginning", text: "The first all-custom studio in Dallas-Fort Worth." },
        { period: "Today", title: "Artistry Perfected", text: "Still here." },
      ],
      values: [
        { title: "Artistic Excellence", text: "a" },
        { title: "Safety First", text: "b" },
      ],
      memorial: { name: "Ray Founder", born: 1970, died: 2022, text: "Remembered.", image: testImage("/images/artists/ray.jpg") },
    });
    render(<LegacySection />);
    expect(screen.getAllByRole("definition").map((d) => d.textContent)).toEqual(["30+", "10K+", "5★"]);
    const timeline = within(screen.getByRole("list", { name: "Our history" })).getAllByRole("listitem");
    expect(timeline.map((li) => li.querySelector(".timeline__period")?.textContent)).toEqual(["1996", "Today"]);
    const memorial = screen.getByRole("article", { name: "Ray Founder" });
    expect(memorial).toHaveTextContent("1970");
    expect(memorial).toHaveTextContent("2022");
    expect(within(memorial).getByRole("img", { name: "Portrait of Ray Founder" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Our Philosophy" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual(["Artistic Excellence", "Safety First"]);
  });

  it("leaves the portrait out when the memorial has no photo", () => {
    render(<LegacySection />);
    expect(within(screen.getByRole("article")).queryByRole("img")).not.toBeInTheDocument();
  });
});

describe("SiteFooter", () => {
  it("takes every studio fact from the site data", () => {
    inRouter(<SiteFooter />);
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", "https://instagram.com/test");
    expect(within(footer).getByRole("link", { name: /Facebook/ })).toHaveAttribute("href", "https://facebook.com/test");
    expect(within(footer).getByRole("link", { name: /TikTok/ })).toHaveAttribute("href", "https://tiktok.com/@test");
    expect(within(footer).getByRole("link", { name: "(214) 555-0100" })).toHaveAttribute("href", "tel:+12145550100");
    expect(within(footer).getByRole("link", { name: "hello@studio.example" })).toHaveAttribute("href", "mailto:hello@studio.example");
    expect(footer).toHaveTextContent("1 Test Road");
    expect(footer).toHaveTextContent("Sunday");
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Test Studio`);
    expect(within(footer).getByRole("link", { name: "Agency" })).toHaveAttribute("href", "https://agency.example");
    expect(footer).toHaveTextContent("In loving memory of the founder.");
  });

  it("links the policies beside the copyright, only when the site publishes some", () => {
    inRouter(<SiteFooter />);
    const legal = screen.getByText(/All rights reserved/);
    expect(within(legal).getByRole("link", { name: "Policies" })).toHaveAttribute("href", "/policies");
    expect(within(legal).getByRole("link", { name: "Agency" })).toBeInTheDocument();
    cleanup();
    installSiteData({ ...testSiteData, policiesVersion: null });
    inRouter(<SiteFooter />);
    expect(screen.queryByRole("link", { name: "Policies" })).not.toBeInTheDocument();
  });

  it("changes when the site data changes (nothing is hard-coded)", () => {
    installSiteData({ ...testSiteData, phone: "(972) 555-0111", phoneHref: "tel:+19725550111", name: "Other Studio" });
    inRouter(<SiteFooter />);
    expect(screen.getByRole("link", { name: "(972) 555-0111" })).toHaveAttribute("href", "tel:+19725550111");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Other Studio");
  });
});
