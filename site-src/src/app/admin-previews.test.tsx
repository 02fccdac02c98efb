import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import PoliciesScreen from "../features/policies/policies-screen";
import { resetPageDataCache } from "../lib/page-data";
import { jsonResponse } from "../testing/fetch";
import { installSiteData, testSiteData } from "../testing/site-data";
import {
  AftercarePreview,
  ArtistCardPreview,
  artistDraftFrom,
  designsFrom,
  FlashPreview,
  piecesFrom,
  PoliciesPreview,
  PortfolioPreview,
  previewStatus,
  SiteFactsPreview,
  siteDataFrom,
  type ArtistDraft,
  type Clock,
} from "./admin-previews";

const draft: ArtistDraft = {
  slug: "jane-doe",
  name: "Jane Doe",
  photoUrl: "blob:http://127.0.0.1/photo",
  yearsExperience: 12,
  specialties: ["Fine Line", "Botanical"],
  instagram: "@janedoe.ink",
  bio: "Botanical fine line work.",
  alt: "",
  books: "open",
  booksNote: "",
};

// 2026-12-01 08:30 in Chicago (UTC-6), 14:30 in London.
const clock: Clock = { now: new Date("2026-12-01T14:30:00Z"), timeZone: "America/Chicago" };
const assetUrl = (file: string) => `blob:http://127.0.0.1/${file}`;

describe("ArtistCardPreview", () => {
  it("shows the editor's artist in the site's own card", () => {
    render(<ArtistCardPreview artist={draft} />);
    const card = screen.getByRole("article", { name: "Jane Doe" });
    expect(within(card).getByText("Botanical fine line work.")).toBeInTheDocument();
    const tags = within(card).getByRole("list", { name: "Specialties" });
    expect(within(tags).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Fine Line", "Botanical"]);
    expect(within(card).getByRole("link", { name: /on Instagram \(@janedoe\.ink\)/ })).toHaveAttribute(
      "href",
      "https://www.instagram.com/janedoe.ink/",
    );
    expect(card.querySelector("img")).toHaveAttribute("src", draft.photoUrl);
    expect(within(card).getByRole("link", { name: "Jane Doe's portfolio" })).toHaveAttribute(
      "href",
      "/portfolio/jane-doe",
    );
    expect(within(card).queryByTestId("unpublished-mark")).not.toBeInTheDocument();
  });

  it("leaves the Instagram button out when the handle is empty", () => {
    render(<ArtistCardPreview artist={{ ...draft, instagram: null }} />);
    expect(screen.queryByRole("link", { name: /Instagram/ })).not.toBeInTheDocument();
  });

  it("gives the photo the editor's alt text and marks a draft", () => {
    const alt = "Jane at her station, tattooing a forearm";
    render(<ArtistCardPreview artist={{ ...draft, alt, status: "draft" }} />);
    const card = screen.getByRole("article", { name: "Jane Doe" });
    expect(within(card).getByRole("img", { name: alt })).toHaveAttribute("src", draft.photoUrl);
    expect(within(card).getByTestId("unpublished-mark")).toHaveTextContent("Draft");
  });

  it("leaves a photo without alt text to the name beside it", () => {
    const { container } = render(<ArtistCardPreview artist={draft} />);
    expect(container.querySelector(".artist-card img")).toHaveAttribute("alt", "");
    expect(container.querySelector(".artist-card__photo")).toHaveAttribute("aria-hidden", "true");
  });
});

describe("artistDraftFrom: an artist entry as Decap holds it", () => {
  const entry = {
    name: "Jane Doe",
    photo: "jane.jpg",
    years_experience: 12,
    specialties: ["Fine Line", " ", "Botanical"],
    instagram: " @janedoe.ink ",
    bio: "Bio.",
    order: 1,
    alt: "  Jane at her station ",
  };

  it("reads every field the card shows", () => {
    expect(artistDraftFrom("jane-doe", entry, assetUrl, clock)).toEqual({
      slug: "jane-doe",
      name: "Jane Doe",
      photoUrl: "blob:http://127.0.0.1/jane.jpg",
      yearsExperience: 12,
      specialties: ["Fine Line", "Botanical"],
      instagram: "@janedoe.ink",
      bio: "Bio.",
      alt: "Jane at her station",
      status: undefined,
      books: "open",
      booksNote: "",
    });
  });

  it("previews the books' label and note on the card", () => {
    const closed = artistDraftFrom("jane-doe", { ...entry, books: "closed", books_note: " Open again in March " }, assetUrl, clock);
    expect(closed).toMatchObject({ books: "closed", booksNote: "Open again in March" });
    expect(artistDraftFrom("jane-doe", { ...entry, books: "maybe" }, assetUrl, clock).books).toBe("open");
    render(<ArtistCardPreview artist={closed} />);
    expect(screen.getByText("Books closed")).toHaveAttribute("title", "Open again in March");
  });

  it("maps draft to the Draft mark and a publish_at to come to Scheduled", () => {
    expect(artistDraftFrom("jane-doe", { ...entry, draft: true }, assetUrl, clock).status).toBe("draft");
    expect(artistDraftFrom("jane-doe", { ...entry, draft: false, publish_at: "2026-12-02" }, assetUrl, clock).status).toBe(
      "scheduled",
    );
    expect(artistDraftFrom("jane-doe", { ...entry, publish_at: "2026-11-30T23:00" }, assetUrl, clock).status).toBeUndefined();
    render(<ArtistCardPreview artist={artistDraftFrom("jane-doe", { ...entry, publish_at: "2027-01-01" }, assetUrl, clock)} />);
    expect(screen.getByTestId("unpublished-mark")).toHaveTextContent("Scheduled");
  });

  it("previews a new, empty entry without throwing", () => {
    const empty = artistDraftFrom("", {}, () => {
      throw new Error("never asked: there is no photo");
    }, clock);
    expect(empty).toMatchObject({ name: "", photoUrl: "", specialties: [], instagram: null, alt: "", status: undefined });
    render(<ArtistCardPreview artist={empty} />);
    expect(screen.getByRole("article")).toBeInTheDocument();
    // Values of the wrong kind (a list where text goes, text where a list goes) read as empty.
    const odd = artistDraftFrom("x", { name: ["?"], specialties: "Fine Line", years_experience: "ten" }, assetUrl, clock);
    expect(odd).toMatchObject({ name: "", specialties: [], yearsExperience: 0 });
    expect(artistDraftFrom("x", null, assetUrl, clock).name).toBe("");
  });
});

describe("previewStatus: publish_at as the build reads it, in the studio's time zone", () => {
  it("puts a date's first minute and a date and time on the studio's clock", () => {
    expect(previewStatus(false, "2026-12-01", clock)).toBeUndefined(); // since midnight
    expect(previewStatus(false, "2026-12-02", clock)).toBe("scheduled");
    expect(previewStatus(false, "2026-12-01T09:00", clock)).toBe("scheduled"); // 08:30 in Chicago
    expect(previewStatus(false, "2026-12-01T08:30", clock)).toBeUndefined(); // that minute: live
    expect(previewStatus(false, "2026-12-01T09:00", { ...clock, timeZone: "Europe/London" })).toBeUndefined();
  });

  it("takes an offset as written, and a draft before any date", () => {
    expect(previewStatus(false, "2026-12-01T15:00:00Z", clock)).toBe("scheduled");
    expect(previewStatus(false, "2026-12-01T09:00-06:00", clock)).toBe("scheduled");
    expect(previewStatus(false, "2026-12-01T08:00-06:00", clock)).toBeUndefined();
    expect(previewStatus(true, "2020-01-01", clock)).toBe("draft");
    expect(previewStatus(true, undefined, clock)).toBe("draft");
  });

  it("marks nothing for an empty or half-typed date", () => {
    for (const value of [undefined, null, "", "  ", "2026-12", "soon", 2027, {}]) {
      expect(previewStatus(false, value, clock)).toBeUndefined();
    }
    expect(previewStatus("true", undefined, clock)).toBeUndefined(); // only the admin's yes/no
    // A time zone the browser does not know reads the default's clock rather than failing.
    expect(previewStatus(false, "2026-12-01T09:00", { ...clock, timeZone: "Mars/Olympus" })).toBe("scheduled");
  });
});

describe("PortfolioPreview", () => {
  const jane = { slug: "jane-doe", name: "Jane Doe" };
  const entry = [
    { file: "peony.jpg", title: "Peony", alt: "Fine-line peony in soft pink on a forearm" },
    { file: "fern.jpg", title: "Fern", draft: true },
    { file: "moth.jpg", title: "Moth", publish_at: "2027-03-01T09:00" },
  ];

  function tiles() {
    return within(screen.getByRole("list", { name: "Portfolio pieces" })).getAllByRole("listitem");
  }

  it("shows the pieces in the site's grid: titles, alt text and the marks", () => {
    render(<PortfolioPreview artist={jane} pieces={piecesFrom(entry, assetUrl, clock)} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Jane Doe");
    const [peony, fern, moth] = tiles();
    expect(peony.querySelector(".portfolio-tile__title")).toHaveTextContent("Peony");
    expect(within(peony).getByRole("img")).toHaveAttribute("alt", "Fine-line peony in soft pink on a forearm");
    expect(within(peony).getByRole("img")).toHaveAttribute("src", "blob:http://127.0.0.1/peony.jpg");
    expect(within(peony).getByRole("link", { name: "By: Jane Doe" })).toHaveAttribute("href", "/portfolio/jane-doe");
    expect(within(peony).queryByTestId("unpublished-mark")).not.toBeInTheDocument();
    // Without alt text, a piece is described as the site describes it.
    expect(within(fern).getByRole("img")).toHaveAttribute("alt", "Fern by Jane Doe");
    expect(within(fern).getByTestId("unpublished-mark")).toHaveTextContent("Draft");
    expect(within(moth).getByTestId("unpublished-mark")).toHaveTextContent("Scheduled");
  });

  it("marks every piece of an artist held back, each piece's own mark first", () => {
    render(<PortfolioPreview artist={{ ...jane, status: "scheduled" }} pieces={piecesFrom(entry, assetUrl, clock)} />);
    expect(tiles().map((tile) => within(tile).getByTestId("unpublished-mark").textContent)).toEqual([
      "Scheduled",
      "Draft",
      "Scheduled",
    ]);
  });

  it("says there is nothing yet for a portfolio without pieces, as the site does", () => {
    render(<PortfolioPreview artist={jane} pieces={piecesFrom(undefined, assetUrl, clock)} />);
    expect(screen.getByText("No portfolio items found for the selected artist.")).toBeInTheDocument();
  });

  it("previews half-filled pieces without throwing", () => {
    const pieces = piecesFrom([null, "rose.jpg", {}, { file: " ", title: 7 }], assetUrl, clock);
    expect(pieces).toEqual([
      { file: "", photoUrl: "", title: "", alt: "", status: undefined },
      { file: "", photoUrl: "", title: "", alt: "", status: undefined },
      { file: "", photoUrl: "", title: "", alt: "", status: undefined },
      { file: "", photoUrl: "", title: "7", alt: "", status: undefined },
    ]);
    render(<PortfolioPreview artist={{ slug: "", name: "" }} pieces={pieces} />);
    expect(tiles()).toHaveLength(4);
  });
});

describe("FlashPreview", () => {
  const jane = { slug: "jane-doe", name: "Jane Doe" };
  const entry = [
    { file: "swallow.jpg", title: "Swallow", size: "3 in", price: 150, alt: "A navy swallow over a banner" },
    { file: "heart.jpg", title: "Sacred Heart", size: "4 in", price: 1200, status: "claimed" },
    { file: "rose.jpg", title: "Rose", size: "2 in", price: 120, status: "claimed", repeatable: true, draft: true },
    { file: "moth.jpg", title: "Moth", size: "5 in", price: 300, publish_at: "2027-03-01T09:00" },
  ];

  function tiles() {
    return within(screen.getByRole("list", { name: "Flash designs" })).getAllByRole("listitem");
  }

  it("shows the designs in the site's flash grid: an available one, a claimed one greyed, prices and marks", () => {
    render(<FlashPreview artist={jane} designs={designsFrom(entry, assetUrl, clock)} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Jane Doe");
    const [swallow, heart, rose, moth] = tiles();
    // Available: its title, size and price, the editor's alt text on its picture, offered.
    expect(swallow).not.toHaveClass("flash-tile--claimed");
    expect(swallow.querySelector(".flash-tile__title")).toHaveTextContent("Swallow");
    expect(swallow.querySelector(".flash-tile__meta")).toHaveTextContent("3 in$150");
    expect(within(swallow).getByRole("img")).toHaveAttribute("alt", "A navy swallow over a banner");
    expect(within(swallow).getByRole("img")).toHaveAttribute("src", "blob:http://127.0.0.1/swallow.jpg");
    expect(within(swallow).getByRole("button", { name: "View Swallow, 3 in, $150" })).toBeInTheDocument();
    expect(within(swallow).queryByText("Claimed")).not.toBeInTheDocument();
    expect(within(swallow).queryByTestId("unpublished-mark")).not.toBeInTheDocument();
    // Claimed: greyed, labelled, its price still said, nothing to press; the site's own alt text.
    expect(heart).toHaveClass("flash-tile--claimed");
    expect(within(heart).getByText("Claimed")).toHaveClass("flash-tile__label");
    expect(heart.querySelector(".flash-tile__price")).toHaveTextContent("$1,200");
    expect(within(heart).queryByRole("button")).not.toBeInTheDocument();
    expect(within(heart).getByRole("img")).toHaveAttribute("alt", "Sacred Heart, flash by Jane Doe");
    // Repeatable is never claimed for good; the Draft and Scheduled marks as the other previews show them.
    expect(rose).not.toHaveClass("flash-tile--claimed");
    expect(within(rose).getByText("Repeatable")).toBeInTheDocument();
    expect(within(rose).getByTestId("unpublished-mark")).toHaveTextContent("Draft");
    expect(within(moth).getByTestId("unpublished-mark")).toHaveTextContent("Scheduled");
  });

  it("marks every design of an artist held back, each design's own mark first", () => {
    render(<FlashPreview artist={{ ...jane, status: "scheduled" }} designs={designsFrom(entry, assetUrl, clock)} />);
    expect(tiles().map((tile) => within(tile).getByTestId("unpublished-mark").textContent)).toEqual([
      "Scheduled",
      "Scheduled",
      "Draft",
      "Scheduled",
    ]);
  });

  it("says there is no flash yet for a sheet without designs, as the site does", () => {
    render(<FlashPreview artist={jane} designs={designsFrom(undefined, assetUrl, clock)} />);
    expect(screen.getByText(/No flash right now/)).toBeInTheDocument();
  });

  it("previews half-filled designs without throwing", () => {
    const designs = designsFrom(
      [null, "rose.jpg", {}, { file: " ", title: 7, price: "", status: "maybe" }, { price: "85" }],
      assetUrl,
      clock,
    );
    const empty = { file: "", photoUrl: "", title: "", size: "", price: 0, status: "available", repeatable: false, alt: "" };
    expect(designs).toEqual([empty, empty, empty, { ...empty, title: "7" }, { ...empty, price: 85 }]);
    render(<FlashPreview artist={{ slug: "", name: "" }} designs={designs} />);
    expect(tiles()).toHaveLength(5);
    expect(tiles()[0].querySelector(".flash-tile__price")).toHaveTextContent("$0");
  });
});

// site.yaml as the admin holds it: the demo's shape, with a memorial portrait and a brand.
const siteEntry = {
  name: "Ink & Iron",
  base_url: "https://ink.example",
  phone: "(972) 555-0111",
  email: "hello@ink.example",
  address: { street: "12 Elm Street", city: "Dallas", region: "TX", postal_code: "75201", map_url: "" },
  hours: [
    { days: "Monday - Thursday", time: "11am - 9pm" },
    { days: "Sunday", time: "Closed" },
  ],
  hours_notes: ["Walk-ins welcome."],
  socials: { instagram: "https://instagram.com/ink", facebook: "https://facebook.com/ink", tiktok: "" },
  stats: {
    work: [
      { value: "800+", label: "Pieces" },
      { value: "9", label: "Styles" },
    ],
    legacy: [{ value: "28", label: "Years" }],
  },
  timeline: [
    { period: "1996", title: "The Beginning", text: "One chair." },
    { period: "Today", title: "Still Here", text: "Many chairs." },
  ],
  values: [
    { title: "Safety First", text: "Always." },
    { title: "Custom Only", text: "Never flash." },
  ],
  memorial: { name: "Ray Founder", born: 1950, died: 2020, text: "Remembered.", photo: "ray.jpg", alt: "Ray, smiling" },
  brands: [{ name: "Anatometal", logo: "anatometal.png", url: "https://anatometal.example", alt: "Anatometal logo" }],
  videos: { intro: { source: "intro.mp4" } },
  credit: { name: "Agency", url: "https://agency.example" },
  in_memory: "In loving memory of Ray.",
  timezone: "America/Chicago",
};

const siteAsset = (field: "memorial" | "brands", file: string) => `blob:http://127.0.0.1/${field}/${file}`;

/** An element's markup without the scroll animation's attributes (the preview shows all at once). */
function markup(element: Element | null): string {
  if (!element) throw new Error("element not found");
  const copy = element.cloneNode(true) as Element;
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of node.getAttributeNames()) if (name.startsWith("data-aos")) node.removeAttribute(name);
  }
  return copy.outerHTML;
}

describe("SiteFactsPreview", () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the figures, the timeline, the memorial, the values, the brands and the footer", () => {
    const { container } = render(<SiteFactsPreview site={siteDataFrom(siteEntry, siteAsset, testSiteData)} />);
    const work = container.querySelector<HTMLElement>("section#our-work")!;
    expect(within(work).getAllByRole("definition").map((d) => d.textContent)).toEqual(["800+", "9"]);
    const legacy = container.querySelector<HTMLElement>("section#legacy")!;
    expect(within(legacy).getAllByRole("term").map((d) => d.textContent)).toEqual(["Years"]);
    const timeline = within(legacy).getByRole("list", { name: "Our history" });
    expect(within(timeline).getAllByRole("heading").map((h) => h.textContent)).toEqual(["The Beginning", "Still Here"]);
    const memorial = within(legacy).getByRole("article", { name: "Ray Founder" });
    expect(memorial).toHaveTextContent("(1950 – to 2020)");
    expect(within(memorial).getByRole("img", { name: "Ray, smiling" })).toHaveAttribute(
      "src",
      "blob:http://127.0.0.1/memorial/ray.jpg",
    );
    expect(within(legacy).getAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual([
      "Safety First",
      "Custom Only",
    ]);
    const brands = screen.getByRole("region", { name: "Premium Jewelry Partners" });
    expect(within(brands).getByRole("img", { name: "Anatometal logo" })).toHaveAttribute(
      "src",
      "blob:http://127.0.0.1/brands/anatometal.png",
    );
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "(972) 555-0111" })).toHaveAttribute("href", "tel:+19725550111");
    expect(footer).toHaveTextContent("Monday - Thursday11am - 9pm");
    expect(footer).toHaveTextContent("Walk-ins welcome.");
    expect(footer).toHaveTextContent("12 Elm StreetDallas, TX 75201");
    expect(within(footer).queryByRole("link", { name: /TikTok/ })).not.toBeInTheDocument();
    expect(footer).toHaveTextContent("In loving memory of Ray.");
    expect(footer).toHaveTextContent("Ink & Iron. All rights reserved.");
  });

  it("previews a new, empty studio file without throwing", () => {
    const facts = siteDataFrom({}, () => {
      throw new Error("never asked: there is no picture");
    }, testSiteData);
    expect(facts.stats).toEqual({ work: [], legacy: [] });
    expect(facts.memorial.image).toBeNull();
    render(<SiteFactsPreview site={facts} />);
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Premium Jewelry Partners" })).not.toBeInTheDocument();
    // Half-filled lists and objects of the wrong kind read as empty.
    const odd = siteDataFrom({ hours: [null, { days: "Sunday" }], stats: "many", memorial: [] }, siteAsset, testSiteData);
    expect(odd.hours).toEqual([
      { days: "", time: "" },
      { days: "Sunday", time: "" },
    ]);
    render(<SiteFactsPreview site={odd} />);
  });
});

describe("AftercarePreview", () => {
  it("renders the guide's markdown in its card, headings at the card's level", () => {
    render(<AftercarePreview guide="piercing" markdown={"## First week\n\n- Rinse **twice** a day"} />);
    const card = screen.getByRole("article", { name: "Piercing Aftercare" });
    expect(within(card).getByText("02")).toBeInTheDocument();
    expect(within(card).getByRole("heading", { level: 4, name: "First week" })).toBeInTheDocument();
    expect(within(card).getByText("twice").tagName).toBe("STRONG");
  });

  it("says 'Loading content...' for an empty guide, as the site does", () => {
    render(<AftercarePreview guide="tattoo" markdown="" />);
    expect(within(screen.getByRole("article", { name: "Tattoo Aftercare" })).getByText("Loading content...")).toBeInTheDocument();
  });
});

describe("PoliciesPreview", () => {
  const policies = [
    "Read these before you book.",
    "# Deposits",
    "A **non-refundable** deposit",
    "holds your date.",
    "",
    "## Age and ID",
    "- Photo ID at every visit",
    "",
    "### Under 18",
    "#### With a parent",
    "##### Their ID too",
    "| Service | Deposit |",
    "| --- | --- |",
    "| Consultation | None |",
    "",
    "[bad](javascript:alert(1)) <script>alert(1)</script>",
  ].join("\n");

  afterEach(() => {
    resetPageDataCache();
    vi.unstubAllGlobals();
  });

  it("renders the policies as /policies does: sections as h2, no line break kept", () => {
    render(<PoliciesPreview markdown={policies} />);
    expect(screen.getByRole("heading", { level: 1, name: "Studio Policies" })).toBeInTheDocument();
    const card = document.querySelector(".policies-card .policies-md")!;
    const headings = within(card as HTMLElement)
      .getAllByRole("heading")
      .map((h) => [h.tagName, h.textContent]);
    expect(headings).toEqual([
      ["H2", "Deposits"],
      ["H2", "Age and ID"],
      ["H3", "Under 18"],
      ["H4", "With a parent"],
      ["H4", "Their ID too"],
    ]);
    expect(within(card as HTMLElement).getByText("non-refundable").tagName).toBe("STRONG");
    expect(card.querySelector("br")).toBeNull(); // lines run together, as on the site
    expect(within(card as HTMLElement).getByRole("cell", { name: "Consultation" })).toBeInTheDocument();
    expect(card.querySelector("script")).toBeNull();
    expect(within(card as HTMLElement).getByText("bad").getAttribute("href") ?? "").not.toContain("javascript");
  });

  it("is the policies screen's own markup: its title and its card", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ markdown: policies, version: "0123456789abcdef" })),
    );
    installSiteData(testSiteData);
    const site = render(
      <MemoryRouter initialEntries={["/policies"]}>
        <PoliciesScreen />
      </MemoryRouter>,
    ).container;
    await waitFor(() => expect(site.querySelector(".policies-md")).not.toBeNull());
    const preview = render(<PoliciesPreview markdown={policies} />).container;
    for (const selector of ["header.aftercare__hero", ".policies-card"]) {
      expect(markup(preview.querySelector(selector)), selector).toBe(markup(site.querySelector(selector)));
    }
  });

  it("says the site has no policies page for an empty text", () => {
    render(<PoliciesPreview markdown={"  \n"} />);
    expect(screen.getByRole("status")).toHaveTextContent("without policies the site has no /policies page");
    expect(document.querySelector(".policies-md")).toBeNull();
  });
});
