import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { StringsProvider } from "../i18n/catalog";
import { es } from "../i18n/es";
import { getSiteData, provideSiteData, resetSiteDataCache } from "../lib/site-data";
import { Header, logoSize } from "./header";

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.hash}</output>;
}

function renderHeader(path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("logoSize", () => {
  it.each([
    [0, true, 225],
    [150, true, 144.5],
    [300, true, 64],
    [900, true, 64],
    [-20, true, 225],
    [0, false, 64],
    [150, false, 64],
  ])("at %i px (home: %s) is %f px", (y, home, size) => {
    expect(logoSize(y, home)).toBeCloseTo(size, 5);
  });
});

describe("Header menu", () => {
  it("reports its state on the menu button and lists the eight entries in order", async () => {
    const user = userEvent.setup();
    renderHeader("/");
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog", { name: "Site menu" })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("dialog", { name: "Site menu" });
    const links = within(within(menu).getByRole("navigation", { name: "Main" })).getAllByRole("link");
    expect(links.map((a) => a.textContent?.replace(/^\d+/, ""))).toEqual([
      "Home",
      "Artists",
      "Our Work",
      "Portfolio",
      "Piercings",
      "Aftercare",
      "Our Legacy",
      "Contact",
    ]);
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/",
      "/#artists",
      "/#our-work",
      "/portfolio",
      "/piercings",
      "/aftercare",
      "/#legacy",
      "/#contact",
    ]);
  });

  it("sets the big home logo aside while the menu covers the page, not the small one", async () => {
    const user = userEvent.setup();
    const { unmount } = renderHeader("/");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("banner")).toHaveClass("site-header--logo-aside");
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.getByRole("banner")).not.toHaveClass("site-header--logo-aside");
    unmount();

    renderHeader("/aftercare");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("banner")).not.toHaveClass("site-header--logo-aside");
  });

  it("closes when an entry is tapped and goes there", async () => {
    const user = userEvent.setup();
    renderHeader("/aftercare");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("link", { name: /Our Legacy/ }));
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByLabelText("location")).toHaveTextContent("/#legacy");
  });

  it("keeps Contact on the piercings page, which has its own contact section", async () => {
    const user = userEvent.setup();
    renderHeader("/piercings");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(within(screen.getByRole("dialog")).getByRole("link", { name: /Contact/ })).toHaveAttribute(
      "href",
      "/piercings#contact",
    );
    expect(within(screen.getByRole("dialog")).getByRole("link", { name: /Artists/ })).toHaveAttribute("href", "/#artists");
  });

  it("closes on Escape and gives focus back to the menu button", async () => {
    const user = userEvent.setup();
    renderHeader("/");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps Tab inside the open menu", async () => {
    const user = userEvent.setup();
    renderHeader("/");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const inside = [
      screen.getByRole("link", { name: "Test Studio, home" }),
      screen.getByRole("link", { name: /Ver en español/ }),
      screen.getByRole("button", { name: "Close menu" }),
      ...within(screen.getByRole("dialog")).getAllByRole("link"),
    ];
    for (let i = 0; i < 20; i++) {
      await user.tab();
      expect(inside).toContain(document.activeElement);
    }
  });

  it("locks page scrolling while the menu is open", async () => {
    const user = userEvent.setup();
    renderHeader("/");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(document.documentElement.style.overflow).toBe("hidden");
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("links the logo home with the studio name from the site data", () => {
    renderHeader("/portfolio");
    expect(screen.getByRole("link", { name: "Test Studio, home" })).toHaveAttribute("href", "/");
  });
});

describe("Language switch", () => {
  afterEach(() => {
    resetSiteDataCache();
    localStorage.clear();
  });

  it.each([
    ["/", "/es/"],
    ["/portfolio/jane-doe", "/es/portfolio/jane-doe"],
    ["/aftercare#tattoo", "/es/aftercare#tattoo"],
  ])("on the English page %s goes to the Spanish %s, named in Spanish", (path, spanish) => {
    renderHeader(path);
    const link = screen.getByRole("link", { name: /Ver en español/ });
    expect(link).toHaveAttribute("href", spanish);
    expect(link).toHaveAttribute("hreflang", "es");
    expect(link).toHaveAttribute("lang", "es");
  });

  it("on a Spanish page goes to the English one, and remembers the choice", async () => {
    const user = userEvent.setup();
    provideSiteData({ ...getSiteData(), lang: "es" });
    render(
      <StringsProvider value={es}>
        <MemoryRouter initialEntries={["/flash/kai"]}>
          <Header />
        </MemoryRouter>
      </StringsProvider>,
    );
    const link = screen.getByRole("link", { name: /View in English/ });
    expect(link).toHaveAttribute("href", "/flash/kai");
    expect(link).toHaveAttribute("lang", "en");
    link.addEventListener("click", (event) => event.preventDefault());
    await user.click(link);
    expect(localStorage.getItem("lang")).toBe("en");
  });
});
