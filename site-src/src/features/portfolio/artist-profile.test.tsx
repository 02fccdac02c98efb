import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Artist } from "../../lib/api-types";
import { testArtist } from "../../testing/artists";
import { ArtistProfile } from "./artist-profile";

const renderProfile = (artist: Artist) =>
  render(
    <MemoryRouter>
      <ArtistProfile artist={artist} />
    </MemoryRouter>,
  );

describe("ArtistProfile: the artist's books", () => {
  it("shows closed books and the note", () => {
    renderProfile(testArtist("ray-sol", "Ray Sol", { books: "closed", books_note: "Books open again in March" }));
    const card = screen.getByRole("region", { name: "Ray Sol" });
    const books = within(card).getByText("Books closed").parentElement!;
    expect(books).toHaveTextContent("Books closed Books open again in March");
  });

  it("shows a waitlist without a note", () => {
    renderProfile(testArtist("max-ink", "Max Ink", { books: "waitlist" }));
    const books = within(screen.getByRole("region", { name: "Max Ink" })).getByText("Waitlist").parentElement!;
    expect(books).toHaveTextContent(/^Waitlist$/);
  });

  it("says nothing of books that are open (or that the API does not mention)", () => {
    const { unmount } = renderProfile(testArtist("jane-doe", "Jane Doe"));
    expect(screen.queryByText(/Books closed|Waitlist/)).not.toBeInTheDocument();
    unmount();
    const { books: _books, ...older } = testArtist("jane-doe", "Jane Doe");
    renderProfile(older as Artist);
    expect(screen.queryByText(/Books closed|Waitlist/)).not.toBeInTheDocument();
  });
});
