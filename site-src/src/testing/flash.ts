// Flash designs as GET /api/flash?artist=<slug|all> answers them, and a fetch stand-in serving them.
import type { Artist, FlashDesign } from "../lib/api-types";
import { jsonResponse, mockFetch } from "./fetch";
import { jane, max } from "./portfolio";

export const janeWithFlash: Artist = { ...jane, flash: 3 };

export function design(stem: string, title: string, artist: Artist, extra: Partial<FlashDesign> = {}): FlashDesign {
  const file = `${stem}.jpg`;
  return {
    id: `${artist.slug}/${stem}`,
    artist_id: artist.slug,
    artist: artist.name,
    title,
    size: "3 in",
    price: 150,
    status: "available",
    repeatable: false,
    filename: file,
    src: `/images/flash/${file}`,
    width: 1200,
    height: 1200,
    srcset: `/assets/img/${stem}-640.jpg 640w, /images/flash/${file} 1200w`,
    sources: [{ type: "image/avif", srcset: `/assets/img/${stem}-640.avif 640w` }],
    placeholder: "data:image/webp;base64,AAAA",
    ...extra,
  };
}

export const swallow = design("swallow", "Swallow", jane);
export const dagger = design("dagger", "Dagger", jane, { size: "6 in", price: 1200, status: "claimed" });
export const rose = design("rose", "Rose", jane, { status: "claimed", repeatable: true, price: 90 });
export const janeFlash = [swallow, dagger, rose];

/** Jane has flash, Max has none; `flash` replaces the answer of a selection ("all", a slug);
 * `holds` answers GET /api/flash/holds. */
export function mockFlashApi(
  flash: Record<string, FlashDesign[]> = {},
  artists: Artist[] = [janeWithFlash, max],
  holds: () => Response | Promise<Response> = () => jsonResponse({ held: [] }),
) {
  const answers: Record<string, FlashDesign[]> = { all: janeFlash, "jane-doe": janeFlash, ...flash };
  return mockFetch({
    // GET /api/flash/holds (features/flash/api/get-holds.ts): none held unless `holds` says.
    "/api/flash/holds": holds,
    "/api/artists": () => jsonResponse(artists),
    "/api/flash": (_init, url) => {
      const list = answers[url.searchParams.get("artist") ?? ""];
      return list ? jsonResponse(list) : jsonResponse({ error: "Not found" }, 404);
    },
  });
}
