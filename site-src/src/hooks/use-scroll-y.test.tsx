import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useScrollY } from "./use-scroll-y";

function Offset() {
  return <output aria-label="offset">{useScrollY()}</output>;
}

const scrollTo = (y: number) => Object.defineProperty(window, "scrollY", { value: y, configurable: true });

afterEach(() => scrollTo(0));

describe("useScrollY", () => {
  it("starts where the page is (a reload or a link into the page may start below the top)", () => {
    scrollTo(1200);
    render(<Offset />);
    expect(screen.getByLabelText("offset")).toHaveTextContent("1200");
  });

  it("follows the page as it scrolls, never below 0 (an overscroll bounce)", () => {
    render(<Offset />);
    act(() => {
      scrollTo(340);
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.getByLabelText("offset")).toHaveTextContent("340");
    act(() => {
      scrollTo(-30);
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.getByLabelText("offset")).toHaveTextContent("0");
  });
});
