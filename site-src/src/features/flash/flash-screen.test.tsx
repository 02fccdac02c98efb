import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { ArtistsProvider, useSelectedArtist } from "../../lib/artists-store";
import { FLASH_CLAIM_KEY, readClaim, saveClaim } from "../../lib/flash-claim";
import { deferred, jsonResponse } from "../../testing/fetch";
import { janeWithFlash, mockFlashApi, rose } from "../../testing/flash";
import { max } from "../../testing/portfolio";
import FlashScreen from "./flash-screen";

let picked = "";
function SelectedArtist() {
  [picked] = useSelectedArtist();
  return null;
}

function renderFlash(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/flash", element: <FlashScreen /> },
      { path: "/flash/:artistSlug", element: <FlashScreen /> },
      { path: "/", element: <p>home</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ArtistsProvider>
      <SelectedArtist />
      <RouterProvider router={router} />
    </ArtistsProvider>,
  );
  return router;
}

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tiles = () => within(screen.getByRole("list", { name: "Flash designs" })).getAllByRole("listitem");
const tile = (title: string) => tiles().find((t) => within(t).queryByText(title))!;

describe("/flash", () => {
  test("heading, intro, and a dropdown of only the artists who have flash", async () => {
    mockFlashApi();
    renderFlash("/flash");
    expect(screen.getByRole("heading", { level: 1, name: "Flash" })).toBeInTheDocument();
    expect(screen.getByText(/Ready-drawn designs at a set size and price/)).toBeInTheDocument();
    await screen.findByRole("option", { name: "Jane Doe" });
    const options = within(screen.getByRole("combobox", { name: "Artist" })).getAllByRole("option");
    expect(options.map((o) => [o.textContent, o.getAttribute("value")])).toEqual([
      ["All Artists", "all"],
      ["Jane Doe", "jane-doe"],
    ]);
  });

  test("tiles show title, size and whole-dollar price; the artist is named on the all-artists page", async () => {
    mockFlashApi();
    renderFlash("/flash");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const swallow = tile("Swallow");
    expect(within(swallow).getByText("3 in")).toBeInTheDocument();
    expect(within(swallow).getByText("$150")).toBeInTheDocument();
    expect(within(swallow).getByRole("link", { name: "Jane Doe" })).toHaveAttribute("href", "/flash/jane-doe");
    expect(within(tile("Dagger")).getByText("$1,200")).toBeInTheDocument();
  });

  test("a claimed design is greyed, labelled Claimed and offers no button; a repeatable one never looks claimed", async () => {
    mockFlashApi();
    renderFlash("/flash/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const dagger = tile("Dagger");
    expect(dagger).toHaveClass("flash-tile--claimed");
    expect(within(dagger).getByText("Claimed")).toBeInTheDocument();
    expect(within(dagger).queryByRole("button")).toBeNull();
    const rose = tile("Rose");
    expect(rose).not.toHaveClass("flash-tile--claimed");
    expect(within(rose).getByText("Repeatable")).toBeInTheDocument();
    expect(within(rose).queryByText("Claimed")).toBeNull();
    expect(within(rose).getByRole("button", { name: "View Rose, 3 in, $90" })).toBeInTheDocument();
    expect(within(tile("Swallow")).queryByRole("link")).toBeNull(); // one artist: not named on each tile
  });

  test("choosing an artist navigates and loads their flash", async () => {
    const fetchMock = mockFlashApi();
    const router = renderFlash("/flash");
    await screen.findByRole("option", { name: "Jane Doe" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Artist" }), "jane-doe");
    expect(router.state.location.pathname).toBe("/flash/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith("/api/flash?"));
    expect(urls).toEqual(["/api/flash?artist=all", "/api/flash?artist=jane-doe"]);
  });

  test("no flash: the empty state", async () => {
    mockFlashApi({ all: [] });
    renderFlash("/flash");
    expect(await screen.findByText(/No flash right now\. Check back soon, or/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "book a custom piece" })).toHaveAttribute("href", "/#contact");
  });

  test("the viewer shows the design's facts, and Claim this design keeps it, picks the artist and goes to the form", async () => {
    mockFlashApi();
    const router = renderFlash("/flash");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "View Swallow, 3 in, $150" }));
    const dialog = screen.getByRole("dialog", { name: "Flash design viewer" });
    expect(dialog.querySelector(".lightbox__title")).toHaveTextContent("Swallow 3 in · $150 by Jane Doe");
    // Only the designs on offer are in the viewer: the swallow and the repeatable rose.
    expect(within(dialog).getByLabelText("Image 1 of 2")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Claim this design" }));
    expect(readClaim()?.id).toBe("jane-doe/swallow");
    expect(JSON.parse(sessionStorage.getItem(FLASH_CLAIM_KEY)!)).toMatchObject({ title: "Swallow", price: 150 });
    expect(picked).toBe("jane-doe");
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.hash).toBe("#contact");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("an artist's books show on the flash screens, and closed books offer no claim (issue #44)", async () => {
    mockFlashApi({}, [{ ...janeWithFlash, books: "closed", books_note: "Open again in March" }, max]);
    renderFlash("/flash/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const hero = screen.getByRole("banner");
    expect(await within(hero).findByText("Books closed")).toBeInTheDocument();
    expect(within(hero).getByText("Open again in March")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "View Swallow, 3 in, $150" }));
    const dialog = screen.getByRole("dialog", { name: "Flash design viewer" });
    expect(within(dialog).queryByRole("button", { name: "Claim this design" })).toBeNull();
    expect(dialog).toHaveTextContent("Jane Doe’s books are closed: this design cannot be claimed for now.");
    expect(readClaim()).toBeNull();
  });

  test("a waitlist is said on each tile of the all-artists page and in the viewer, which still offers the claim", async () => {
    mockFlashApi({}, [{ ...janeWithFlash, books: "waitlist" }, max]);
    renderFlash("/flash");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await waitFor(() => expect(within(tile("Swallow")).getByText("Waitlist")).toBeInTheDocument());
    expect(within(tile("Dagger")).queryByText("Waitlist")).toBeNull(); // taken: nothing to book
    await userEvent.click(screen.getByRole("button", { name: "View Swallow, 3 in, $150" }));
    const dialog = screen.getByRole("dialog", { name: "Flash design viewer" });
    expect(within(dialog).getByText("Waitlist")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Claim this design" })).toBeInTheDocument();
  });

  test("back from the form, the design this tab claimed is marked as the visitor's pick", async () => {
    saveClaim(rose);
    mockFlashApi();
    renderFlash("/flash/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(within(tile("Rose")).getByText("Your pick")).toBeInTheDocument();
    expect(within(tile("Rose")).queryByText("Repeatable")).toBeNull();
    expect(within(tile("Swallow")).queryByText("Your pick")).toBeNull();
  });

  test("a design a visitor's claim holds shows claimed once the holds are read; the first render is the content's", async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFlashApi({}, undefined, () => answer.promise);
    renderFlash("/flash/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain("/api/flash/holds"));
    // Until the answer comes, the page is as built: the swallow is on offer.
    expect(tile("Swallow")).not.toHaveClass("flash-tile--claimed");
    answer.resolve(jsonResponse({ held: ["jane-doe/swallow", "jane-doe/rose"] }));
    await waitFor(() => expect(tile("Swallow")).toHaveClass("flash-tile--claimed"));
    expect(within(tile("Swallow")).getByText("Claimed")).toBeInTheDocument();
    expect(within(tile("Swallow")).queryByRole("button")).toBeNull();
    // A repeatable design is never held.
    expect(within(tile("Rose")).getByRole("button", { name: "View Rose, 3 in, $90" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === "/api/flash/holds")).toHaveLength(1);
  });

  test.each([
    ["an error", () => jsonResponse({ success: false, error: "Unavailable" }, 503)],
    ["not JSON", () => new Response("<!doctype html><p>Not found</p>", { status: 200 })],
    ["the wrong shape", () => jsonResponse(["jane-doe/swallow"])],
  ])("a holds answer that is %s leaves the page as built", async (_what, holds) => {
    const fetchMock = mockFlashApi({}, undefined, holds);
    renderFlash("/flash/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain("/api/flash/holds"));
    await new Promise((done) => setTimeout(done, 50));
    expect(tile("Swallow")).not.toHaveClass("flash-tile--claimed");
    expect(within(tile("Swallow")).getByRole("button", { name: "View Swallow, 3 in, $150" })).toBeInTheDocument();
  });

  test("a hold read while the viewer is open takes its claim away and shifts nothing", async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFlashApi({}, undefined, () => answer.promise);
    renderFlash("/flash/jane-doe");
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "View Swallow, 3 in, $150" }));
    const dialog = screen.getByRole("dialog", { name: "Flash design viewer" });
    expect(within(dialog).getByRole("button", { name: "Claim this design" })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain("/api/flash/holds"));
    answer.resolve(jsonResponse({ held: ["jane-doe/swallow"] }));
    expect(await within(dialog).findByText("Someone has just claimed this design.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Claim this design" })).toBeNull();
    expect(dialog.querySelector(".lightbox__title")).toHaveTextContent("Swallow");
    expect(within(dialog).getByLabelText("Image 1 of 2")).toBeInTheDocument();
  });
});
