import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { ArtistsProvider } from "../../lib/artists-store";
import { deferred, jsonResponse } from "../../testing/fetch";
import { FakeObserver } from "../../testing/intersection-observer";
import { jane, janePieces, max, maxPieces, mockApi, portfolioPage, portfolioRequests } from "../../testing/portfolio";
import { getPortfolioPage } from "./api/get-portfolio";
import { TILE_SIZES } from "./portfolio-grid";
import { MORE_ROOT_MARGIN, MORE_ROOT_MARGIN_UNSCROLLED } from "./portfolio-more";
import PortfolioScreen from "./portfolio-screen";

/** The screen at `path` on the app's two portfolio routes, with the router exposed so a test can go back. */
function renderPortfolio(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/portfolio", element: <PortfolioScreen /> },
      { path: "/portfolio/:artistSlug", element: <PortfolioScreen /> },
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const artistSelect = () => screen.getByRole("combobox", { name: "Artist" });
const tiles = () => within(screen.getByRole("list", { name: "Portfolio pieces" })).getAllByRole("listitem");

describe("/portfolio", () => {
  test("title, intro, 'Loading portfolio...' then every piece", async () => {
    const fetchMock = mockApi();
    renderPortfolio("/portfolio");
    expect(screen.getByRole("heading", { level: 1, name: "Portfolio" })).toBeInTheDocument();
    expect(screen.getByText(/choose an artist to see theirs/i)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading portfolio...");
    await waitFor(() => expect(tiles()).toHaveLength(janePieces.length + maxPieces.length));
    expect(screen.queryByText("Loading portfolio...")).not.toBeInTheDocument();
    expect(portfolioRequests(fetchMock)).toEqual(["/api/portfolio/pages/all/1.json"]);
  });

  test("the dropdown lists 'All Artists' then every artist by name, valued by slug", async () => {
    mockApi();
    renderPortfolio("/portfolio");
    await screen.findByRole("option", { name: "Max Ink" });
    const options = within(artistSelect()).getAllByRole("option");
    expect(options.map((o) => [o.textContent, o.getAttribute("value")])).toEqual([
      ["All Artists", "all"],
      ["Jane Doe", "jane-doe"],
      ["Max Ink", "max-ink"],
    ]);
    expect(artistSelect()).toHaveValue("all");
    expect(screen.queryByRole("heading", { level: 2 })).not.toBeInTheDocument(); // no profile card
  });

  test("each tile has the desktop caption: title and 'By: {artist}' linking to the artist", async () => {
    mockApi();
    renderPortfolio("/portfolio");
    await waitFor(() => expect(tiles()).toHaveLength(6));
    const eagle = tiles()[4];
    expect(within(eagle).getByText("Eagle")).toBeInTheDocument();
    expect(within(eagle).getByRole("link", { name: "By: Max Ink" })).toHaveAttribute("href", "/portfolio/max-ink");
  });

  test("tiles use the pipeline's image: sources, srcset, sizes for 3/2/3 columns, size; lazy below the first row", async () => {
    mockApi();
    const { container } = renderPortfolio("/portfolio");
    await waitFor(() => expect(tiles()).toHaveLength(6));
    const images = screen.getAllByRole("img");
    const first = images[0];
    expect(first).toHaveAttribute("src", "/images/work/jane-doe-1.jpg");
    expect(first).toHaveAttribute("srcset", janePieces[0].srcset);
    expect(first).toHaveAttribute("sizes", TILE_SIZES);
    expect(first).toHaveAttribute("width", "1600");
    expect(first).toHaveAttribute("height", "1200");
    expect(first).toHaveAccessibleName("Peony by Jane Doe");
    expect(images.map((img) => img.getAttribute("loading"))).toEqual(["eager", "eager", "eager", "lazy", "lazy", "lazy"]);
    expect(container.querySelector('source[type="image/avif"]')).toHaveAttribute("sizes", TILE_SIZES);
    expect(TILE_SIZES).toMatch(/\(min-width: 1024px\) 33vw, \(min-width: 768px\) 50vw, 33vw$/);
  });

  test("an empty list shows 'No portfolio items found for the selected artist.'", async () => {
    mockApi({ all: { body: [] } });
    renderPortfolio("/portfolio");
    expect(await screen.findByText("No portfolio items found for the selected artist.")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Portfolio pieces" })).not.toBeInTheDocument();
  });

  test("a non-OK answer empties the list, shows the empty message and logs 'Failed to load portfolio'", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({ all: { status: 500, body: { error: "boom" } } });
    renderPortfolio("/portfolio");
    expect(await screen.findByText("No portfolio items found for the selected artist.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith("Failed to load portfolio", expect.any(Error));
  });

  test("a network failure behaves the same", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({ all: () => Promise.reject(new TypeError("Failed to fetch")) });
    renderPortfolio("/portfolio");
    expect(await screen.findByText("No portfolio items found for the selected artist.")).toBeInTheDocument();
  });
});

describe("getPortfolioPage", () => {
  test("raises 'Failed to load portfolio' on a non-OK answer", async () => {
    mockApi({ "no-such-artist": { status: 404, body: { error: "Not found" } } });
    await expect(getPortfolioPage("no-such-artist", 1)).rejects.toThrow("Failed to load portfolio");
  });

  test("raises it on an answer that is not a page (the whole list, numbers that disagree)", async () => {
    mockApi({}, undefined, { pages: { "all/1": { body: janePieces }, "jane-doe/1": { body: { ...portfolioPage(janePieces, 1), page: 2 } } } });
    await expect(getPortfolioPage("all", 1)).rejects.toThrow("Failed to load portfolio");
    await expect(getPortfolioPage("jane-doe", 1)).rejects.toThrow("Failed to load portfolio");
  });

  test("asks for the slug given, encoded, and the page", async () => {
    const fetchMock = mockApi();
    expect(await getPortfolioPage("max-ink", 1)).toEqual(portfolioPage(maxPieces, 1));
    await getPortfolioPage("a b", 2).catch(() => []);
    expect(portfolioRequests(fetchMock)).toEqual([
      "/api/portfolio/pages/max-ink/1.json",
      "/api/portfolio/pages/a%20b/2.json",
    ]);
  });
});

describe("/portfolio/:artistSlug", () => {
  test("a deep link selects the artist, loads their pieces and shows the profile card", async () => {
    const fetchMock = mockApi();
    renderPortfolio("/portfolio/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(janePieces.length));
    expect(portfolioRequests(fetchMock)).toEqual(["/api/portfolio/pages/jane-doe/1.json"]);
    expect(artistSelect()).toHaveValue("jane-doe");

    const card = screen.getByRole("region", { name: "Jane Doe" });
    expect(within(card).getByRole("img", { name: "Jane Doe" })).toHaveAttribute("src", "/images/artists/jane-doe.jpg");
    expect(within(card).getByText("14 years of experience")).toBeInTheDocument();
    expect(within(card).getByText("Fine-line and botanical work.")).toBeInTheDocument();
    const specialties = within(card).getByRole("list", { name: "Specialties" });
    expect(within(specialties).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Fine Line", "Botanical"]);
    // the leading @ is removed from the handle
    expect(within(card).getByRole("link", { name: /on Instagram/ })).toHaveAttribute(
      "href",
      "https://instagram.com/janedoe.ink",
    );
  });

  test("no Instagram link when the artist has none; one year reads 'year'", async () => {
    mockApi();
    renderPortfolio("/portfolio/max-ink");
    const card = await screen.findByRole("region", { name: "Max Ink" });
    expect(within(card).getByText("1 year of experience")).toBeInTheDocument();
    expect(within(card).queryByRole("link")).not.toBeInTheDocument();
  });

  test("an unknown slug (404) shows the empty message and keeps the selection visible", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi();
    renderPortfolio("/portfolio/nobody");
    expect(await screen.findByText("No portfolio items found for the selected artist.")).toBeInTheDocument();
    expect(artistSelect()).toHaveValue("nobody");
  });

  test("before /api/artists answers, the dropdown already shows the selected artist", async () => {
    let answerArtists: (r: Response) => void = () => {};
    mockApi({}, () => new Promise<Response>((resolve) => (answerArtists = resolve)));
    renderPortfolio("/portfolio/max-ink");
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(artistSelect()).toHaveValue("max-ink");
    expect(within(artistSelect()).getByRole("option", { name: "Max Ink" })).toBeInTheDocument();
    await act(async () => answerArtists(new Response("[]", { status: 500 })));
  });
});

describe("the dropdown navigates; the back button returns", () => {
  test("choosing an artist navigates to /portfolio/{slug} and reloads; 'All Artists' goes back to /portfolio", async () => {
    const fetchMock = mockApi();
    const { router } = renderPortfolio("/portfolio");
    const user = userEvent.setup();
    await screen.findByRole("option", { name: "Max Ink" });
    await waitFor(() => expect(tiles()).toHaveLength(6));

    await user.selectOptions(artistSelect(), "max-ink");
    expect(router.state.location.pathname).toBe("/portfolio/max-ink");
    expect(await screen.findByRole("region", { name: "Max Ink" })).toBeInTheDocument();
    await waitFor(() => expect(tiles()).toHaveLength(maxPieces.length));

    await user.selectOptions(artistSelect(), "all");
    expect(router.state.location.pathname).toBe("/portfolio");
    await waitFor(() => expect(tiles()).toHaveLength(6));
    expect(screen.queryByRole("region", { name: "Max Ink" })).not.toBeInTheDocument();
    expect(portfolioRequests(fetchMock)).toEqual([
      "/api/portfolio/pages/all/1.json",
      "/api/portfolio/pages/max-ink/1.json",
      "/api/portfolio/pages/all/1.json",
    ]);
  });

  test("back after a change returns to the previous selection", async () => {
    mockApi();
    const { router } = renderPortfolio("/portfolio/jane-doe");
    const user = userEvent.setup();
    await screen.findByRole("option", { name: "Max Ink" });
    await user.selectOptions(artistSelect(), "max-ink");
    await waitFor(() => expect(tiles()).toHaveLength(2));

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/portfolio/jane-doe");
    expect(artistSelect()).toHaveValue("jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(janePieces.length));
    expect(screen.getByRole("region", { name: "Jane Doe" })).toBeInTheDocument();
  });

  test("a late answer for the previous artist never replaces the current one", async () => {
    let answerJane: (r: Response) => void = () => {};
    mockApi({ "jane-doe": () => new Promise<Response>((resolve) => (answerJane = resolve)) });
    renderPortfolio("/portfolio/jane-doe");
    const user = userEvent.setup();
    await screen.findByRole("option", { name: "Max Ink" });
    await user.selectOptions(artistSelect(), "max-ink");
    await waitFor(() => expect(tiles()).toHaveLength(2));
    await act(async () => answerJane(new Response(JSON.stringify(portfolioPage(janePieces, 1)), { status: 200 })));
    expect(tiles()).toHaveLength(2);
    expect(screen.getByRole("img", { name: "Eagle by Max Ink" })).toBeInTheDocument();
  });
});

describe("the lightbox on the grid", () => {
  async function openAt(title: string) {
    mockApi();
    const view = renderPortfolio("/portfolio");
    await waitFor(() => expect(tiles()).toHaveLength(6));
    await userEvent.setup().click(screen.getByRole("button", { name: `View ${title}` }));
    return { ...view, dialog: screen.getByRole("dialog", { name: "Portfolio image viewer" }) };
  }

  test("opens at the clicked piece with the caption 'title by artist' linking to the artist page", async () => {
    const { dialog } = await openAt("Moth by Jane Doe");
    expect(within(dialog).getByRole("img", { name: "Moth by Jane Doe" })).toHaveAttribute("src", "/images/work/jane-doe-3.jpg");
    const caption = within(dialog).getByText("Moth").closest("p");
    expect(caption).toHaveTextContent("Moth by Jane Doe");
    expect(within(caption!).getByRole("link", { name: "Jane Doe" })).toHaveAttribute("href", "/portfolio/jane-doe");
    expect(within(dialog).getByText("3 / 6")).toBeInTheDocument();
  });

  test("it loops: next from the last piece is the first; there is no toolbar", async () => {
    const { dialog } = await openAt("Panther by Max Ink");
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole("button", { name: "Next image" }));
    expect(within(dialog).getByRole("img", { name: "Peony by Jane Doe" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Previous image" }));
    expect(within(dialog).getByRole("img", { name: "Panther by Max Ink" })).toBeInTheDocument();
    expect(within(dialog).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Previous image",
      "Next image",
      "Close",
    ]);
  });

  test("the caption's artist link closes the viewer and shows that artist", async () => {
    const { router, dialog } = await openAt("Eagle by Max Ink");
    fireEvent.load(within(dialog).getByRole("img", { name: "Eagle by Max Ink" }));
    await userEvent.setup().click(within(dialog).getByRole("link", { name: "Max Ink" }));
    expect(router.state.location.pathname).toBe("/portfolio/max-ink");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Max Ink" })).toBeInTheDocument();
  });

  test("Escape closes it and gives focus back to the tile", async () => {
    await openAt("Fern by Jane Doe");
    await userEvent.setup().keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View Fern by Jane Doe" })).toHaveFocus();
  });
});

describe("a selection of many pages", () => {
  // The build writes 24 pieces a file; two make the six test pieces three pages.
  const paging = { pageSize: 2 } as const;
  const everyPiece = [...janePieces, ...maxPieces];
  const more = () => screen.getByRole("status");

  /** The end of the grid comes within the observer's margin of the window. */
  /** The grid's end watcher reports it in view, once the screen has set one up (an effect
   * after the last page's render, which a loaded machine may run a moment later). */
  async function endOfGridComesNear() {
    let watcher: FakeObserver | undefined;
    await waitFor(() => {
      watcher = FakeObserver.made.find((o) => o.targets.size > 0);
      expect(watcher).toBeDefined();
    });
    const [target] = [...watcher!.targets];
    act(() => watcher!.report(target, true));
  }

  test("the grid shows page 1 and the count; the next page comes as the end of the grid nears, until every piece is in", async () => {
    FakeObserver.made = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const fetchMock = mockApi({}, undefined, paging);
    renderPortfolio("/portfolio");
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(more()).toHaveTextContent("Showing 2 of 6 pieces");
    expect(screen.getByRole("button", { name: "Show more" })).toBeInTheDocument();
    // before the visitor scrolls, only a grid end inside the window counts; from then on, a screen ahead
    expect(FakeObserver.made.at(-1)!.options.rootMargin).toBe(MORE_ROOT_MARGIN_UNSCROLLED);
    act(() => void window.dispatchEvent(new Event("scroll")));
    expect(FakeObserver.made.at(-1)!.options.rootMargin).toBe(MORE_ROOT_MARGIN);

    await endOfGridComesNear();
    expect(more()).toHaveTextContent("Loading more pieces...");
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(more()).toHaveTextContent("Showing 4 of 6 pieces");
    await endOfGridComesNear();
    await waitFor(() => expect(tiles()).toHaveLength(6));

    expect(tiles().map((tile) => within(tile).getByRole("img").getAttribute("alt"))).toEqual(
      everyPiece.map((p) => `${p.title} by ${p.artist}`),
    );
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("loading"))).toEqual([
      "eager", "eager", "eager", "lazy", "lazy", "lazy",
    ]);
    expect(more()).toHaveTextContent("Showing 6 of 6 pieces");
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    expect(FakeObserver.made.every((o) => o.targets.size === 0)).toBe(true); // nothing left to watch
    expect(portfolioRequests(fetchMock)).toEqual([1, 2, 3].map((n) => `/api/portfolio/pages/all/${n}.json`));
  });

  test("a selection on one page has no count and no button", async () => {
    mockApi({}, undefined, paging);
    renderPortfolio("/portfolio/max-ink");
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  test("Show more fetches the next page and moves focus to its first piece", async () => {
    mockApi({}, undefined, paging);
    renderPortfolio("/portfolio");
    const user = userEvent.setup();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(screen.getByRole("button", { name: "View Moth by Jane Doe" })).toHaveFocus();
  });

  test("a page brought in while Show more has the focus moves the focus to its first piece, not to nowhere", async () => {
    // Focusing the button scrolls it into view, and the end of the grid coming near can fetch the
    // page before the key is pressed; the last page takes the button away.
    FakeObserver.made = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    mockApi({}, undefined, paging);
    renderPortfolio("/portfolio");
    await waitFor(() => expect(tiles()).toHaveLength(2));
    act(() => screen.getByRole("button", { name: "Show more" }).focus());
    await endOfGridComesNear();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(screen.getByRole("button", { name: "View Moth by Jane Doe" })).toHaveFocus();
    // a page that comes in while the focus is elsewhere leaves it there
    await endOfGridComesNear();
    await waitFor(() => expect(tiles()).toHaveLength(6));
    expect(screen.getByRole("button", { name: "View Moth by Jane Doe" })).toHaveFocus();
  });

  test("the viewer moves through the whole selection: previous from the first piece is the last one, its page fetched meanwhile", async () => {
    const lastPage = deferred<Response>();
    const fetchMock = mockApi({}, undefined, { ...paging, pages: { "all/3": () => lastPage.promise } });
    renderPortfolio("/portfolio");
    const user = userEvent.setup();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "View Peony by Jane Doe" }));
    const dialog = screen.getByRole("dialog", { name: "Portfolio image viewer" });
    expect(within(dialog).getByText("1 / 6")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Previous image" }));
    expect(within(dialog).getByText("6 / 6")).toBeInTheDocument();
    expect(within(dialog).getByRole("status", { name: "Loading image" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("img")).not.toBeInTheDocument();
    expect(dialog.querySelector(".lightbox__title")).toBeNull();

    await act(async () => lastPage.resolve(jsonResponse(portfolioPage(everyPiece, 3, 2))));
    const panther = await within(dialog).findByRole("img", { name: "Panther by Max Ink" });
    expect(panther).toHaveAttribute("src", "/images/work/max-ink-6.jpg");
    expect(dialog.querySelector(".lightbox__title")).toHaveTextContent("Panther by Max Ink");
    expect(within(dialog).getByText("6 / 6")).toBeInTheDocument(); // still there: the list filled in, not reopened
    fireEvent.load(panther);
    expect(within(dialog).queryByRole("status", { name: "Loading image" })).not.toBeInTheDocument();

    // the grid still shows only the pages in a row from the first
    expect(tiles()).toHaveLength(2);
    // the page is fetched once, when the viewer opened next to it
    expect(portfolioRequests(fetchMock)).toEqual(["/api/portfolio/pages/all/1.json", "/api/portfolio/pages/all/3.json"]);
  });

  test("a later page that fails: the pieces shown stay, it is logged, the viewer shows a broken image, Show more tries again", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    let up = false;
    const second = () =>
      Promise.resolve(up ? jsonResponse(portfolioPage(everyPiece, 2, 2)) : jsonResponse({ error: "boom" }, 500));
    mockApi({}, undefined, { ...paging, pages: { "all/2": second } });
    renderPortfolio("/portfolio");
    const user = userEvent.setup();
    await waitFor(() => expect(tiles()).toHaveLength(2));

    await user.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(log).toHaveBeenCalledWith("Failed to load portfolio", expect.any(Error)));
    expect(tiles()).toHaveLength(2);
    expect(more()).toHaveTextContent("Showing 2 of 6 pieces");

    await user.click(screen.getByRole("button", { name: "View Fern by Jane Doe" }));
    const dialog = screen.getByRole("dialog", { name: "Portfolio image viewer" });
    await user.click(within(dialog).getByRole("button", { name: "Next image" }));
    expect(within(dialog).getByText("3 / 6")).toBeInTheDocument();
    expect(await within(dialog).findByRole("img", { name: "This image could not be loaded" })).toBeInTheDocument();
    await user.keyboard("{Escape}");

    up = true;
    await user.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(tiles()).toHaveLength(4));
  });

  test("another selection drops the pages of the previous one", async () => {
    const fetchMock = mockApi({}, undefined, paging);
    renderPortfolio("/portfolio");
    const user = userEvent.setup();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(tiles()).toHaveLength(4));
    await screen.findByRole("option", { name: "Jane Doe" });
    await user.selectOptions(artistSelect(), "jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(more()).toHaveTextContent("Showing 2 of 4 pieces");
    await user.selectOptions(artistSelect(), "all");
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(more()).toHaveTextContent("Showing 2 of 6 pieces");
    expect(portfolioRequests(fetchMock)).toEqual([
      "/api/portfolio/pages/all/1.json",
      "/api/portfolio/pages/all/2.json",
      "/api/portfolio/pages/jane-doe/1.json",
      "/api/portfolio/pages/all/1.json",
    ]);
  });
});

describe("links to the Flash screen", () => {
  test("none while no artist has flash", async () => {
    mockApi();
    renderPortfolio("/portfolio/jane-doe");
    await screen.findByRole("heading", { level: 2, name: "Jane Doe" });
    expect(screen.queryByRole("link", { name: /flash/i })).toBeNull();
  });

  test("beside the dropdown when some artist has flash, and on the card of an artist who has", async () => {
    mockApi({}, { body: [{ ...jane, flash: 2 }, max] });
    renderPortfolio("/portfolio");
    expect(await screen.findByRole("link", { name: "Flash" })).toHaveAttribute("href", "/flash");
    await userEvent.selectOptions(artistSelect(), "jane-doe");
    expect(await screen.findByRole("link", { name: "See Jane Doe’s flash" })).toHaveAttribute("href", "/flash/jane-doe");
    expect(screen.getByRole("link", { name: "Flash" })).toHaveAttribute("href", "/flash/jane-doe");
    await userEvent.selectOptions(artistSelect(), "max-ink");
    await screen.findByRole("heading", { level: 2, name: "Max Ink" });
    expect(screen.queryByRole("link", { name: /’s flash/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Flash" })).toHaveAttribute("href", "/flash");
  });
});
