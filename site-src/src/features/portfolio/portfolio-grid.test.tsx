import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { janePieces } from "../../testing/portfolio";
import { PortfolioGrid } from "./portfolio-grid";

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
