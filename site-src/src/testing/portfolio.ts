// Two artists and their pieces as GET /api/artists, /api/portfolio and the paged portfolio files
// answer them, and a fetch stand-in that serves them.
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

/** Page `page` (from 1) of `items` as the build writes api/portfolio/pages/<slug>/<n>.json. */
export function portfolioPage(items: PortfolioItem[], page: number, pageSize = 24) {
  return {
    total: items.length,
    page,
    pages: Math.max(1, Math.ceil(items.length / pageSize)),
    page_size: pageSize,
    items: items.slice((page - 1) * pageSize, page * pageSize),
  };
}

type Paging = {
  /** Pieces per page of the paged files (the build's is 24). */
  pageSize?: number;
  /** The answer for one paged file, by "<slug>/<page>", instead of the slug's list cut up. */
  pages?: Record<string, Answer>;
};

/**
 * Answer /api/artists, /api/portfolio?artist=<slug> and the paged files
 * /api/portfolio/pages/<slug>/<n>.json as the static API does (unknown slug: 404; a paged file
 * of an unknown slug is an unrouted request, which fails too); `portfolio` replaces the answer
 * for a slug (a list is cut into pages; a failure answers every page; a function answers page 1),
 * `artists` the artists list.
 */
export function mockApi(
  portfolio: Record<string, Answer> = {},
  artists: Answer = { body: [jane, max] },
  { pageSize = 24, pages = {} }: Paging = {},
) {
  const answers: Record<string, Answer> = {
    all: { body: [...janePieces, ...maxPieces] },
    "jane-doe": { body: janePieces },
    "max-ink": { body: maxPieces },
    ...portfolio,
  };
  const paged: Record<string, () => Response | Promise<Response>> = {};
  const notFound: Answer = { status: 404, body: { error: "Not found" } };
  for (const [slug, answer] of Object.entries(answers)) {
    const list = typeof answer !== "function" && (answer.status ?? 200) === 200 && Array.isArray(answer.body);
    const count = list ? Math.max(1, Math.ceil((answer.body as unknown[]).length / pageSize)) : 1;
    for (let page = 1; page <= count + 1; page++) {
      const own: Answer =
        typeof answer === "function"
          ? page === 1
            ? answer
            : notFound
          : !list
            ? answer
            : page > count
              ? notFound
              : { body: portfolioPage(answer.body as PortfolioItem[], page, pageSize) };
      const key = `${slug}/${page}`;
      paged[`/api/portfolio/pages/${slug}/${page}.json`] = () => respond(pages[key] ?? own);
    }
  }
  return mockFetch({
    ...paged,
    "/api/artists": () => respond(artists),
    "/api/portfolio": (_init, url) => respond(answers[url.searchParams.get("artist") ?? "all"] ?? notFound),
  });
}

/** The portfolio URLs fetched so far, in order. */
export function portfolioRequests(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/portfolio"));
}
