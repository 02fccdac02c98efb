import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { AppLink } from "./app-link";

function Where() {
  const { pathname, hash } = useLocation();
  return <p>at {pathname + hash}</p>;
}

function renderLink(onClick?: () => void) {
  render(
    <MemoryRouter initialEntries={["/aftercare"]}>
      <AppLink to="/#contact" className="btn" onClick={onClick}>
        Contact
      </AppLink>
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole("link", { name: "Contact" });
}

describe("AppLink", () => {
  it("is a real link to the path, with what it is given", () => {
    const link = renderLink();
    expect(link).toHaveAttribute("href", "/#contact");
    expect(link).toHaveClass("btn");
  });

  it("navigates in the app on a plain click, after its own onClick", () => {
    const onClick = vi.fn();
    const link = renderLink(onClick);
    expect(fireEvent.click(link)).toBe(false); // the browser's own navigation is prevented
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByText("at /#contact")).toBeInTheDocument();
  });

  it("leaves a modified click to the browser (a new tab)", () => {
    const link = renderLink();
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(screen.getByText("at /aftercare")).toBeInTheDocument();
  });
});
