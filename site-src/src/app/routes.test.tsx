import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import routeTable from "../config/routes.json";
import { ArtistsProvider } from "../lib/artists-store";
import { janePieces, mockApi } from "../testing/portfolio";
import { AppRoutes, SCREENS } from "./routes";

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ArtistsProvider>
        <AppRoutes />
      </ArtistsProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("[]", { status: 200 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});


describe("the route table, config/routes.json", () => {
  it("has a component for every screen it names, and names every screen that has one", () => {
    const named = new Set(routeTable.routes.map((route) => route.screen));
    expect(Object.keys(SCREENS).sort()).toEqual([...named].sort());
  });

  it("loads on demand exactly the screens it marks lazy (the build expects their chunks)", () => {
    const laziness = routeTable.routes.map(({ screen, lazy }) => [screen, lazy]);
    expect(routeTable.routes.map(({ screen }) => [screen, SCREENS[screen].load !== undefined])).toEqual(laziness);
  });
});

describe("AppRoutes", () => {
  it("composes the home page's sections in the spec's order", () => {
    renderAt("/");
    const expected = ["home", "brand", "studio", "artists", "our-work", "piercings", "legacy", "contact"];
    const ids = Array.from(document.querySelectorAll("main [id]"))
      .map((element) => element.id)
      .filter((id) => expected.includes(id));
    expect(ids).toEqual(expected);
  });

  it.each([
    ["/portfolio", "Portfolio"],
    ["/portfolio/jane-doe", "Portfolio"],
    ["/aftercare", "Aftercare Guide"],
    ["/piercings", "Professional Piercing"],
  ])("loads the screen for %s", async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("loads the scroll animation at /test", async () => {
    renderAt("/test");
    expect(await screen.findByText("SCROLL DOWN")).toBeInTheDocument();
  });

  it("gives the piercings screen the shared contact section", async () => {
    renderAt("/piercings");
    await screen.findByRole("heading", { level: 1, name: "Professional Piercing" });
    expect(document.getElementById("contact")).toBeInTheDocument();
  });

  it("keeps the portfolio screen mounted when the visitor picks an artist", async () => {
    mockApi();
    renderAt("/portfolio");
    const select = await screen.findByRole("combobox", { name: "Artist" });
    await screen.findByRole("option", { name: "Jane Doe" });
    await userEvent.selectOptions(select, "jane-doe");
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Portfolio pieces" })).getAllByRole("listitem")).toHaveLength(
        janePieces.length,
      ),
    );
    expect(screen.getByRole("combobox", { name: "Artist" })).toBe(select);
    await userEvent.selectOptions(select, "all");
    expect(await screen.findByRole("option", { name: "All Artists", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Artist" })).toBe(select);
  });

  it("answers an unknown path with the not-found screen", () => {
    renderAt("/no/such/page");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("This page has faded.");
    expect(screen.getByRole("link", { name: "Back to the studio" })).toHaveAttribute("href", "/");
  });
});
