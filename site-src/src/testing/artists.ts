// Artists as GET /api/artists answers them, and a fetch stand-in for component tests.
import { vi } from "vitest";
import type { Artist } from "../lib/api-types";
import { testImage } from "./site-data";

export function testArtist(slug: string, name: string, overrides: Partial<Artist> = {}): Artist {
  return {
    id: slug.length,
    slug,
    name,
    profilePic: `${slug}.jpg`,
    yearsExperience: 10,
    bio: `${name} works in black and grey.`,
    specialties: ["Black & Grey", "Realism"],
    instagram: `@${slug.replace("-", "")}`,
    image: testImage(`/images/artists/${slug}.jpg`, 800, 1000),
    ...overrides,
  };
}

export const testArtists: Artist[] = [
  testArtist("jane-doe", "Jane Doe", { bio: "J".repeat(151), instagram: "@janedoe_ink" }),
  testArtist("max-ink", "Max Ink", { bio: "M".repeat(150), instagram: "maxink" }),
  testArtist("ray-sol", "Ray Sol", { instagram: null, specialties: ["Japanese"] }),
];

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Route = (init?: RequestInit) => Response | Promise<Response>;

/**
 * Replace window.fetch with routes by path; an unrouted path fails the test loudly.
 * Returns the mock so tests can count and inspect calls.
 */
export function mockFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const route = routes[new URL(url, "http://localhost").pathname];
    if (!route) throw new Error(`unexpected request in test: ${url}`);
    return route(init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** A promise the test settles by hand, to look at a state while a request is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
