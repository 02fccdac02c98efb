import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testArtists } from "../testing/artists";
import { jsonResponse, mockFetch } from "../testing/fetch";
import { ArtistsProvider, useArtists, useSelectedArtist } from "./artists-store";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ArtistNames({ label }: { label: string }) {
  const { data, error, isLoading } = useArtists();
  if (isLoading) return <p>{label}: loading</p>;
  if (error) return <p>{label}: {error.message}</p>;
  return <p>{label}: {data?.map((a) => a.name).join(", ")}</p>;
}

function Selection() {
  const [selected, setSelected] = useSelectedArtist();
  return (
    <button type="button" onClick={() => setSelected(selected === "na" ? "max-ink" : "na")}>
      selected {selected}
    </button>
  );
}

/** A consumer that appears later, as a screen does after navigation. */
function LateConsumer() {
  const [shown, setShown] = useState(false);
  return shown ? <ArtistNames label="late" /> : <button onClick={() => setShown(true)}>show</button>;
}

describe("artists store", () => {
  it("asks for the artists once, however many consumers mount, remount or appear later", async () => {
    const fetchMock = mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    render(
      <StrictMode>
        <ArtistsProvider>
          <ArtistNames label="cards" />
          <ArtistNames label="form" />
          <LateConsumer />
        </ArtistsProvider>
      </StrictMode>,
    );
    expect(await screen.findByText("cards: Jane Doe, Max Ink, Ray Sol")).toBeInTheDocument();
    expect(screen.getByText("form: Jane Doe, Max Ink, Ray Sol")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "show" }));
    expect(screen.getByText("late: Jane Doe, Max Ink, Ray Sol")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/artists");
  });

  it("asks for nothing while no consumer is on the page", () => {
    const fetchMock = mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    render(
      <ArtistsProvider>
        <Selection />
      </ArtistsProvider>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["an error status", () => mockFetch({ "/api/artists": () => jsonResponse({ detail: "gone" }, 500) })],
    ["a network failure", () => mockFetch({ "/api/artists": () => Promise.reject(new TypeError("Failed to fetch")) })],
    ["an answer that is not JSON", () => mockFetch({ "/api/artists": () => new Response("<html>", { status: 200 }) })],
    ["an answer that is not a list", () => mockFetch({ "/api/artists": () => jsonResponse({ artists: [] }) })],
  ])("on %s keeps and logs 'Failed to load artists' with an empty list", async (_case, install) => {
    install();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ArtistsProvider>
        <ArtistNames label="cards" />
      </ArtistsProvider>,
    );
    expect(await screen.findByText("cards: Failed to load artists")).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith("Failed to load artists", expect.anything());
  });

  it("shares the selected artist, 'na' by default", async () => {
    mockFetch({ "/api/artists": () => jsonResponse(testArtists) });
    render(
      <ArtistsProvider>
        <Selection />
        <Selection />
      </ArtistsProvider>,
    );
    expect(screen.getAllByRole("button", { name: "selected na" })).toHaveLength(2);
    await userEvent.click(screen.getAllByRole("button")[0]);
    expect(screen.getAllByRole("button", { name: "selected max-ink" })).toHaveLength(2);
  });

  it("says where it must be used when the provider is missing", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<ArtistNames label="x" />)).toThrow("useArtists must be used inside <ArtistsProvider>");
  });
});
