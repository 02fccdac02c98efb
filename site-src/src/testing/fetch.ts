// A fetch stand-in for component tests: answers by path, and a promise settled by hand.
import { vi } from "vitest";

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Route = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Replace window.fetch with routes by path; an unrouted path fails the test loudly.
 * Returns the mock so tests can count and inspect calls.
 */
export function mockFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, "http://localhost");
    const route = routes[url.pathname];
    if (!route) throw new Error(`unexpected request in test: ${href}`);
    return route(init, url);
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
