// Fixtures for this feature's component tests: the static API mocked at fetch, and the
// screen rendered in a memory router with the app's two portfolio routes.
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import type { Artist, PortfolioItem } from "../../lib/api-types";
import { ArtistsProvider } from "../../lib/artists-store";
import { testImage } from "../../testing/site-data";
import PortfolioScreen from "./portfolio-screen";

export const jane: Artist = {
  id: 1,
  slug: "jane-doe",
  name: "Jane Doe",
  profilePic: "jane-doe.jpg",
  yearsExperience: 14,
  bio: "Fine-line and botanical work.",
  specialties: ["Fine Line", "Botanical"],
  instagram: "@janedoe.ink",
  image: testImage("/images/artists/jane-doe.jpg", 800, 1000),
};

export const max: Artist = {
  id: 2,
  slug: "max-ink",
  name: "Max Ink",
  profilePic: "max-ink.jpg",
  yearsExperience: 1,
  bio: "Bold traditional.",
  specialties: ["Traditional"],
  instagram: null,
  image: testImage("/images/artists/max-ink.jpg", 800, 1000),
};

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

export const janePieces = [piece(1, "Peony", jane), piece(2, "Fern", jane), piece(3, "Moth", jane), piece(4, "Wave", jane)];
export const maxPieces = [piece(5, "Eagle", max), piece(6, "Panther", max)];

type Answer = { status?: number; body: unknown } | (() => Promise<Response>);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answer /api/artists and /api/portfolio?artist=… as the static API does (unknown slug: 404). */
export function mockApi(portfolio: Record<string, Answer> = {}, artists: Answer = { body: [jane, max] }) {
  const answers: Record<string, Answer> = {
    all: { body: [...janePieces, ...maxPieces] },
    "jane-doe": { body: janePieces },
    "max-ink": { body: maxPieces },
    ...portfolio,
  };
  const respond = (answer: Answer) =>
    typeof answer === "function" ? answer() : Promise.resolve(json(answer.body, answer.status ?? 200));
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/artists") return respond(artists);
    if (url.pathname === "/api/portfolio") {
      const answer = answers[url.searchParams.get("artist") ?? "all"];
      return respond(answer ?? { status: 404, body: { error: "Not found" } });
    }
    return Promise.resolve(json({ error: "Not found" }, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The portfolio URLs fetched so far, in order. */
export function portfolioRequests(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/portfolio"));
}

/** The screen at `path`, with the router exposed so a test can go back. */
export function renderPortfolio(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/portfolio", element: <PortfolioScreen /> },
      { path: "/portfolio/:artistId", element: <PortfolioScreen /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <ArtistsProvider>
      <RouterProvider router={router} />
    </ArtistsProvider>,
  );
  return { ...view, router };
}
