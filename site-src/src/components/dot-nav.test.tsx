import { render, screen, waitFor } from "@testing-library/react";
import { HOME_SECTIONS } from "../config/navigation";
import { en } from "../i18n/en";
import { DotNav, sectionAtMiddle } from "./dot-nav";

/** Lay sections out one under the other, `heights` px tall, scrolled by `scrollY`. */
function layout(heights: Record<string, number>, scrollY: number) {
  let top = 0;
  for (const [id, height] of Object.entries(heights)) {
    const element = document.getElementById(id) ?? document.body.appendChild(Object.assign(document.createElement("section"), { id }));
    const y = top - scrollY;
    element.getBoundingClientRect = () => ({ top: y, bottom: y + height, height, left: 0, right: 0, width: 0, x: 0, y, toJSON: () => ({}) });
    top += height;
  }
}

afterEach(() => {
  document.querySelectorAll("section").forEach((s) => s.remove());
});

describe("sectionAtMiddle", () => {
  it.each([
    [0, "home"],
    [451, "brand"], // brand starts at 900: 451 px down, the middle (450) has crossed into it
    [400, "home"],
    [1500, "studio"],
  ])("scrolled %i px, the section across the middle of a 900 px viewport is %s", (scrollY, id) => {
    layout({ home: 900, brand: 1000, studio: 800 }, scrollY);
    expect(sectionAtMiddle(["home", "brand", "studio"], 900)).toBe(id);
  });

  it("is null when no listed section spans the middle", () => {
    layout({ home: 300 }, 0);
    expect(sectionAtMiddle(["home"], 900)).toBeNull();
  });
});

describe("DotNav", () => {
  it("lists the eight sections in the page's order and marks the current one", async () => {
    layout({ home: 900, brand: 900 }, 0);
    render(<DotNav />);
    const nav = screen.getByRole("navigation", { name: "Sections" });
    const links = Array.from(nav.querySelectorAll("a"));
    expect(links.map((a) => a.textContent)).toEqual(HOME_SECTIONS.map((id) => en.dotNav.sections[id]));
    expect(links.map((a) => a.textContent)).toEqual(["Home", "Brand", "Studio", "Artists", "Our Work", "Piercings", "Legacy", "Contact"]);
    // measured in the next frame, not forcing a layout while the app starts
    await waitFor(() => expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "true"));
    expect(screen.getByRole("link", { name: "Brand" })).not.toHaveAttribute("aria-current");
  });
});
