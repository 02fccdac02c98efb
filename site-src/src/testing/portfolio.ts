// Two artists and their pieces as GET /api/artists and /api/portfolio answer them, and a
// fetch stand-in that serves both.
import type { Artist, PortfolioItem } from "../lib/api-types";
import { testArtist } from "./artists";
import { jsonResponse, mockFetch } from "./fetch";

export const jane = testArtist("jane-doe", "Jane Doe", {
  id: 1,
  yearsExperience: 14,
  bio: "Fine-line and botanical work.",
  specialties: ["Fine Line", "Botanical"],
  instagram: "@janedoe.ink",
});

export const max = testArtist("max-ink", "Max Ink", {
  id: 2,
  yearsExperience: 1,
  bio: "Bold traditional.",
  specialties: ["Traditional"],
  instagram: null,
});

export function piece(id: number, title: string, artist: Artist): PortfolioItem {
  const file = `${artist.slug}-${id}.jpg`;
  return {
    id,
    filename: file,
    title,
    artist: artist.name,
    artist_id: artist.slug,
    src: `/images/work/${file}`,
    width: 1600,
    height: 1200,
    srcset: `/assets/img/${artist.slug}-${id}-640.jpg 640w, /images/work/${file} 1600w`,
    sources: [{ type: "image/avif", srcset: `/assets/img/${artist.slug}-${id}-640.avif 640w` }],
    placeholder: "data:image/webp;base64,AAAA",
  };
}

export const janePieces = [
  piece(1, "Peony", jane),
  piece(2, "Fern", jane),
  piece(3, "Moth", jane),
  piece(4, "Wave", jane),
];
export const maxPieces = [piece(5, "Eagle", max), piece(6, "Panther", max)];

type Answer = { status?: number; body: unknown } | (() => Promise<Response>);

const respond = (answer: Answer) =>
  typeof answer === "function" ? answer() : jsonResponse(answer.body, answer.status ?? 200);

/**
 * Answer /api/artists and /api/portfolio?artist=<slug> as the static API does (unknown slug:
 * 404); `portfolio` replaces the answer for a slug, `artists` the artists list.
 */
export function mockApi(portfolio: Record<string, Answer> = {}, artists: Answer = { body: [jane, max] }) {
  const answers: Record<string, Answer> = {
    all: { body: [...janePieces, ...maxPieces] },
    "jane-doe": { body: janePieces },
    "max-ink": { body: maxPieces },
    ...portfolio,
  };
  return mockFetch({
    "/api/artists": () => respond(artists),
    "/api/portfolio": (_init, url) =>
      respond(answers[url.searchParams.get("artist") ?? "all"] ?? { status: 404, body: { error: "Not found" } }),
  });
}

/** The portfolio URLs fetched so far, in order. */
export function portfolioRequests(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/portfolio"));
}
