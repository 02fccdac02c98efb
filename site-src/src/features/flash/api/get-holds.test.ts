// GET /api/flash/holds as the Flash screen reads it: only a small answer of the right shape counts.
import { jsonResponse, mockFetch } from "../../../testing/fetch";
import { dagger, janeFlash, rose, swallow } from "../../../testing/flash";
import { getHolds, HOLDS_URL, MAX_HOLDS, MAX_HOLDS_BYTES, parseHolds, withHolds } from "./get-holds";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ids = (n: number) => Array.from({ length: n }, (_, i) => `jane-doe/d${i}`);

describe("parseHolds", () => {
  test("reads the held ids", () => {
    expect(parseHolds('{"held": ["jane-doe/swallow", "max-ink/rose"]}')).toEqual(new Set(["jane-doe/swallow", "max-ink/rose"]));
    expect(parseHolds('{"held": []}')).toEqual(new Set());
  });

  test.each([
    ["not JSON", "<!doctype html><p>Page not found</p>"],
    ["a list", '["jane-doe/swallow"]'],
    ["null", "null"],
    ["no held", '{"designs": ["jane-doe/swallow"]}'],
    ["held not a list", '{"held": "jane-doe/swallow"}'],
    ["an id not text", '{"held": [42]}'],
    ["an id not a design id", '{"held": ["<img src=x onerror=alert(1)>"]}'],
    ["an id too long", JSON.stringify({ held: [`a/${"b".repeat(129)}`] })],
    ["too many ids", JSON.stringify({ held: ids(MAX_HOLDS + 1) })],
    ["too large", JSON.stringify({ held: ["jane-doe/swallow"], pad: "x".repeat(MAX_HOLDS_BYTES) })],
  ])("ignores an answer that is %s", (_what, text) => {
    expect(parseHolds(text)).toBeNull();
  });

  test("takes the most ids the function answers", () => {
    expect(parseHolds(JSON.stringify({ held: ids(MAX_HOLDS) }))?.size).toBe(MAX_HOLDS);
  });
});

describe("getHolds", () => {
  const signal = () => new AbortController().signal;

  test("asks the function's path for JSON", async () => {
    const fetchMock = mockFetch({ [HOLDS_URL]: () => jsonResponse({ held: ["jane-doe/swallow"] }) });
    expect(await getHolds(signal())).toEqual(new Set(["jane-doe/swallow"]));
    expect(HOLDS_URL).toBe("/api/flash/holds");
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ headers: { Accept: "application/json" } });
  });

  test("any failure is null: an error status, no answer, a huge answer", async () => {
    mockFetch({ [HOLDS_URL]: () => jsonResponse({ held: ["jane-doe/swallow"] }, 503) });
    expect(await getHolds(signal())).toBeNull();
    mockFetch({
      [HOLDS_URL]: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    expect(await getHolds(signal())).toBeNull();
    // Huge and undeclared: read as it comes, and given up past the bound.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    mockFetch({ [HOLDS_URL]: () => new Response(endless, { headers: { "Content-Type": "application/json" } }) });
    expect(await getHolds(signal())).toBeNull();
    expect(pulled).toBeLessThan(10);
    mockFetch({ [HOLDS_URL]: () => new Response("{}", { headers: { "Content-Length": String(MAX_HOLDS_BYTES + 1) } }) });
    expect(await getHolds(signal())).toBeNull();
  });
});

describe("withHolds", () => {
  test("a held one-off design reads as claimed; a repeatable one never", () => {
    const shown = withHolds(janeFlash, new Set([swallow.id, rose.id, dagger.id]));
    expect(shown.map((d) => [d.id, d.status])).toEqual([
      [swallow.id, "claimed"],
      [dagger.id, "claimed"],
      [rose.id, "claimed"], // marked so in content, and repeatable: it stays offered (flash-grid)
    ]);
    expect(shown[2]).toBe(rose);
    expect(withHolds(janeFlash, new Set(["max-ink/other"]))).toBe(janeFlash);
  });
});
