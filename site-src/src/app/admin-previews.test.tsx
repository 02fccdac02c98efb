import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AftercarePreview, ArtistCardPreview, type ArtistDraft } from "./admin-previews";

const draft: ArtistDraft = {
  slug: "jane-doe",
  name: "Jane Doe",
  photoUrl: "blob:http://127.0.0.1/photo",
  yearsExperience: 12,
  specialties: ["Fine Line", "Botanical"],
  instagram: "@janedoe.ink",
  bio: "Botanical fine line work.",
};

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
  });

  it("leaves the Instagram button out when the handle is empty", () => {
    render(<ArtistCardPreview artist={{ ...draft, instagram: null }} />);
    expect(screen.queryByRole("link", { name: /Instagram/ })).not.toBeInTheDocument();
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
