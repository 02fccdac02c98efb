import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../testing/fetch";
import { ApiError, fetchJson, isList } from "./api-client";

afterEach(() => {
  vi.unstubAllGlobals();
});

const read = (signal?: AbortSignal) =>
  fetchJson("/api/things", { signal, validate: isList, failure: "Failed to load things" });

describe("fetchJson", () => {
  it("asks for JSON and gives back a body of the expected shape", async () => {
    const fetchMock = mockFetch({ "/api/things": () => jsonResponse([1, 2]) });
    await expect(read()).resolves.toEqual([1, 2]);
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get("Accept")).toBe("application/json");
  });

  it("throws the caller's message, with the status as the cause, on a non-OK answer", async () => {
    mockFetch({ "/api/things": () => jsonResponse([], 404) });
    const error = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toHaveProperty("message", "Failed to load things");
    expect(String((error as ApiError).cause)).toContain("HTTP 404");
  });

  it("lets an abort through as it is: nobody is waiting for that answer", async () => {
    mockFetch({ "/api/things": () => Promise.reject(new DOMException("aborted", "AbortError")) });
    const controller = new AbortController();
    controller.abort();
    const error = await read(controller.signal).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toHaveProperty("name", "AbortError");
  });
});
