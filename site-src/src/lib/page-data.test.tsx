import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testArtists } from "../testing/artists";
import { jsonResponse, mockFetch } from "../testing/fetch";
import { isList } from "./api-client";
import { ArtistsProvider, useArtists } from "./artists-store";
import { initialAnswer, prerenderedRoute, providePageData, resetPageDataCache } from "./page-data";
import { useQuery } from "./use-query";

function embed(data: unknown) {
  const script = document.createElement("script");
  script.id = "page-data";
  script.type = "application/json";
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById("page-data")?.remove();
  resetPageDataCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the page's prerendered answers", () => {
  it("reads the route and the answers the build embedded, when of the expected shape", () => {
    embed({ route: "/aftercare", answers: { "/api/aftercare": [], "/api/artists": { not: "a list" } } });
    expect(prerenderedRoute()).toBe("/aftercare");
    expect(initialAnswer("/api/aftercare", isList)).toEqual([]);
    expect(initialAnswer("/api/artists", isList)).toBeUndefined();
    expect(initialAnswer("/api/portfolio?artist=all", isList)).toBeUndefined();
  });

  it("holds nothing on a page without them", () => {
    expect(prerenderedRoute()).toBeNull();
    expect(initialAnswer("/api/artists", isList)).toBeUndefined();
  });

  it("notes every URL the prerenderer's render asks for, held or not", () => {
    const asked = new Set<string>();
    providePageData({ route: "/", answers: { "/api/artists": [] } }, asked);
    initialAnswer("/api/artists", isList);
    initialAnswer("/api/aftercare", isList);
    expect([...asked]).toEqual(["/api/artists", "/api/aftercare"]);
  });
});

function Pieces() {
  const { data, isLoading } = useQuery("all", () => fetch("/api/pieces").then((r) => r.json()), "failed", () =>
    initialAnswer<string[]>("/api/pieces", isList),
  );
  return <p>{isLoading ? "loading" : (data ?? []).join(", ")}</p>;
}

function Names() {
  const { data, isLoading } = useArtists();
  return <p>{isLoading ? "loading" : data?.map((artist) => artist.name).join(", ")}</p>;
}

describe("data hooks on a prerendered page", () => {
  it("start from the embedded answer and ask the API for nothing", () => {
    embed({ route: "/", answers: { "/api/pieces": ["Rose", "Koi"], "/api/artists": testArtists } });
    const fetchMock = mockFetch({});
    render(
      <ArtistsProvider>
        <Pieces />
        <Names />
      </ArtistsProvider>,
    );
    // the very first render already has them: it is the HTML the page was prerendered with
    expect(screen.getByText("Rose, Koi")).toBeInTheDocument();
    expect(screen.getByText("Jane Doe, Max Ink, Ray Sol")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetch what the page does not hold", async () => {
    embed({ route: "/aftercare", answers: {} });
    const fetchMock = mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    render(
      <ArtistsProvider>
        <Names />
      </ArtistsProvider>,
    );
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText("Jane Doe, Max Ink, Ray Sol")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
