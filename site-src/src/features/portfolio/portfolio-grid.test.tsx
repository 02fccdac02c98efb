import { act, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { NEAR_MARGIN } from "../../components/gallery/gallery";
import { FakeObserver } from "../../testing/intersection-observer";
import { jane, janePieces, piece } from "../../testing/portfolio";
import { NEAR_TILES, NEAR_TILES_UNDER_PROFILE, PortfolioGrid } from "./portfolio-grid";

function renderGrid(items = janePieces) {
  render(
    <MemoryRouter>
      <PortfolioGrid items={items} onOpen={() => {}} />
    </MemoryRouter>,
  );
  return within(screen.getByRole("list", { name: "Portfolio pieces" })).getAllByRole("listitem");
}

describe("the editor's alt text and serve's marks on the tiles", () => {
  test("a piece's alt text is its picture's, else '<title> by <artist>'", () => {
    const [peony, fern] = janePieces;
    const tiles = renderGrid([{ ...peony, alt: "Fine-line peony in soft pink on a forearm" }, fern]);
    expect(within(tiles[0]).getByRole("img")).toHaveAttribute("alt", "Fine-line peony in soft pink on a forearm");
    expect(within(tiles[1]).getByRole("img")).toHaveAttribute("alt", "Fern by Jane Doe");
  });

  test("a draft and a scheduled piece are marked; a published one is not", () => {
    const [peony, fern, moth] = janePieces;
    const tiles = renderGrid([{ ...peony, status: "draft" }, { ...fern, status: "scheduled" }, moth]);
    expect(within(tiles[0]).getByTestId("unpublished-mark")).toHaveTextContent("Draft");
    expect(within(tiles[1]).getByTestId("unpublished-mark")).toHaveTextContent("Scheduled");
    expect(within(tiles[2]).queryByTestId("unpublished-mark")).not.toBeInTheDocument();
  });
});

// Issue #46 (docs/portfolio.md#a-big-studio): what a page of pieces makes the browser fetch and
// observe is bounded by the first screen, not by how many pieces the artist or the studio has.
describe("a page of pieces asks for no more as the studio grows", () => {
  const studio = (count: number) => Array.from({ length: count }, (_, i) => piece(100 + i, `Piece ${i + 1}`, jane));
  // What the browser fetches as it reads a prerendered page: the pictures outside <noscript>.
  const fetchedAsRead = (count: number, nearTiles?: number) => {
    const html = renderToString(
      <MemoryRouter>
        <PortfolioGrid items={studio(count)} onOpen={() => {}} nearTiles={nearTiles} />
      </MemoryRouter>,
    );
    const read = html.replace(/<noscript>.*?<\/noscript>/gs, "");
    return { fetched: read.match(/<img /g)?.length ?? 0, held: html.match(/<img /g)?.length ?? 0 };
  };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("the prerendered page fetches the first screen's pictures and holds every other one for visitors without scripts", () => {
    expect(fetchedAsRead(4)).toEqual({ fetched: 4, held: 4 });
    expect(fetchedAsRead(24)).toEqual({ fetched: NEAR_TILES, held: 24 });
    expect(fetchedAsRead(48)).toEqual({ fetched: NEAR_TILES, held: 48 }); // after Show more
    expect(fetchedAsRead(24, NEAR_TILES_UNDER_PROFILE)).toEqual({ fetched: NEAR_TILES_UNDER_PROFILE, held: 24 });
  });

  test.each([24, 48])("one observer waits for all %i tiles' far pictures, each coming as it nears the window", (count) => {
    // Not reset between the cases: the page keeps its one observer whatever it shows.
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { unmount } = render(
      <MemoryRouter>
        <PortfolioGrid items={studio(count)} onOpen={() => {}} />
      </MemoryRouter>,
    );
    const near = FakeObserver.made.filter((observer) => observer.options.rootMargin === NEAR_MARGIN);
    expect(near).toHaveLength(1);
    const [observer] = near;
    expect(observer.targets.size).toBe(count - NEAR_TILES);
    expect(screen.getAllByRole("img")).toHaveLength(NEAR_TILES);
    act(() => observer.report([...observer.targets][0], true));
    expect(screen.getAllByRole("img")).toHaveLength(NEAR_TILES + 1);
    expect(observer.targets.size).toBe(count - NEAR_TILES - 1);
    unmount();
    expect(observer.targets.size).toBe(0);
  });
});
