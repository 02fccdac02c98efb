import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { ArtistsProvider } from "../lib/artists-store";
import { AppRoutes } from "./routes";

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
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("[]", { status: 200 }));
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

  it("answers an unknown path with the not-found screen", () => {
    renderAt("/no/such/page");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("This page has faded.");
    expect(screen.getByRole("link", { name: "Back to the studio" })).toHaveAttribute("href", "/");
  });
});
