import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Lightbox } from "./lightbox";

const three = [
  { src: "/one.jpg", title: "One", alt: "First" },
  { src: "/two.jpg", title: "Two", alt: "Second" },
  { src: "/three.jpg", title: "Three", alt: "Third" },
];

type Extra = Partial<React.ComponentProps<typeof Lightbox>>;

/** The viewer opened by a button, as a page would use it. */
function Harness({ images = three as unknown[], index = 0, ...rest }: Extra & { images?: unknown[]; index?: number }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Lightbox images={images} open={open} index={index} loop onClose={() => setOpen(false)} {...rest} />
    </>
  );
}

const dialog = () => screen.getByRole("dialog", { name: "Image viewer" });
const shown = () => screen.getByRole("img", { name: /First|Second|Third|^$/ }) as HTMLImageElement;
const stage = () => dialog().querySelector(".lightbox__stage") as HTMLElement;
const transform = () => shown().style.transform;

describe("entries and the start index", () => {
  test("only strings and objects with a string src are shown, in order", async () => {
    render(<Harness images={[null, "/plain.jpg", { src: 3 }, { title: "no src" }, three[1]]} />);
    expect(screen.getByText("1 / 2")).toBeInTheDocument();
    expect(dialog().querySelector(".lightbox__stage img")).toHaveAttribute("src", "/plain.jpg");
    await userEvent.setup().click(screen.getByRole("button", { name: "Next image" }));
    expect(screen.getByRole("img", { name: "Second" })).toHaveAttribute("src", "/two.jpg");
  });

  test("with no valid image the error state is shown", () => {
    render(<Harness images={[42, { src: null }]} />);
    expect(screen.getByRole("img", { name: "This image could not be loaded" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next image" })).not.toBeInTheDocument();
  });

  test.each([
    [99, "Third"],
    [-5, "First"],
    [1, "Second"],
  ])("start index %s opens on %s", (index, alt) => {
    render(<Harness index={index} />);
    expect(screen.getByRole("img", { name: alt })).toBeInTheDocument();
  });
});

describe("moving between images", () => {
  test("buttons step and wrap around both ways", async () => {
    const onIndexChange = vi.fn();
    render(<Harness index={2} onIndexChange={onIndexChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Next image" }));
    expect(screen.getByRole("img", { name: "First" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous image" }));
    expect(screen.getByRole("img", { name: "Third" })).toBeInTheDocument();
    expect(onIndexChange.mock.calls).toEqual([[0], [2]]);
  });

  test("arrow keys: right is next, left is previous", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("img", { name: "Second" })).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("img", { name: "Third" })).toBeInTheDocument();
  });

  test("right-to-left swaps the arrow keys", async () => {
    render(<Harness rtl />);
    const user = userEvent.setup();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("img", { name: "Second" })).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("img", { name: "First" })).toBeInTheDocument();
  });

  const swipe = (fromX: number, toX: number, dy = 0) => {
    fireEvent.pointerDown(stage(), { pointerId: 1, pointerType: "touch", clientX: fromX, clientY: 300 });
    fireEvent.pointerMove(stage(), { pointerId: 1, pointerType: "touch", clientX: toX, clientY: 300 + dy });
    fireEvent.pointerUp(stage(), { pointerId: 1, pointerType: "touch", clientX: toX, clientY: 300 + dy });
  };

  test("a swipe past 50 px changes the image; a shorter or vertical one does not", () => {
    render(<Harness />);
    swipe(300, 260); // 40 px
    expect(screen.getByRole("img", { name: "First" })).toBeInTheDocument();
    swipe(300, 200, 150); // mostly vertical
    expect(screen.getByRole("img", { name: "First" })).toBeInTheDocument();
    swipe(300, 240); // 60 px to the left: next
    expect(screen.getByRole("img", { name: "Second" })).toBeInTheDocument();
    swipe(100, 180); // 80 px to the right: previous
    swipe(100, 180);
    expect(screen.getByRole("img", { name: "Third" })).toBeInTheDocument();
  });

  test("the click that ends a swipe on the backdrop does not close", () => {
    render(<Harness />);
    swipe(300, 200);
    fireEvent.click(stage());
    expect(dialog()).toBeInTheDocument();
  });
});

describe("closing", () => {
  test("Escape closes", async () => {
    render(<Harness />);
    await userEvent.setup().keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  test("a backdrop click closes; a click on the image or the caption does not", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    fireEvent.load(shown());
    await user.click(shown());
    await user.click(screen.getByText("One"));
    expect(dialog()).toBeInTheDocument();
    await user.click(stage());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  test("the close button closes, and the page scrolls again", async () => {
    render(<Harness />);
    expect(document.documentElement.style.overflow).toBe("hidden");
    await userEvent.setup().click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe("");
  });

  test("focus starts on Close and Tab stays inside the dialog", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Previous image" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Next image" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Next image" })).toHaveFocus();
  });
});

describe("image states", () => {
  test("loading, then loaded", () => {
    render(<Harness />);
    expect(screen.getByRole("status", { name: "Loading image" })).toBeInTheDocument();
    fireEvent.load(shown());
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(shown()).toHaveClass("lightbox__image--loaded");
  });

  test("a load error shows the broken-image display and raises the error event", () => {
    const onError = vi.fn();
    render(<Harness onError={onError} />);
    fireEvent.error(shown());
    expect(screen.getByRole("img", { name: "This image could not be loaded" })).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][1]).toEqual(three[0]);
    expect(onError.mock.calls[0][0].type).toBe("error");
  });

  test("after an error the next image loads normally", async () => {
    render(<Harness />);
    fireEvent.error(shown());
    await userEvent.setup().click(screen.getByRole("button", { name: "Next image" }));
    expect(screen.getByRole("img", { name: "Second" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading image" })).toBeInTheDocument();
  });

  test("once loaded, the neighbours are fetched in the background", () => {
    render(<Harness index={1} />);
    const preload = () => [...dialog().querySelectorAll(".lightbox__preload img")].map((i) => i.getAttribute("src"));
    expect(preload()).toEqual([]);
    fireEvent.load(shown());
    expect(preload()).toEqual(["/three.jpg", "/one.jpg"]);
  });
});

describe("zoom and rotation", () => {
  test("wheel zoom steps by 0.12 and is throttled to one step per 80 ms", () => {
    vi.useFakeTimers({ toFake: ["performance", "Date"] });
    try {
      const onZoom = vi.fn();
      render(<Harness onZoom={onZoom} />);
      fireEvent.load(shown());
      fireEvent.wheel(stage(), { deltaY: -100 });
      fireEvent.wheel(stage(), { deltaY: -100 }); // same instant: ignored
      expect(onZoom.mock.calls).toEqual([[1.12]]);
      vi.advanceTimersByTime(79);
      fireEvent.wheel(stage(), { deltaY: -100 });
      expect(onZoom.mock.calls).toEqual([[1.12]]);
      vi.advanceTimersByTime(1);
      fireEvent.wheel(stage(), { deltaY: 100 });
      expect(onZoom.mock.calls).toEqual([[1.12], [1]]);
      expect(transform()).toContain("scale(1)");
    } finally {
      vi.useRealTimers();
    }
  });

  test("keys zoom between 0.1 and 3x natural", async () => {
    const onZoom = vi.fn();
    render(<Harness onZoom={onZoom} />);
    fireEvent.load(shown()); // jsdom has no layout: natural scale 1, so the ceiling is 3
    const user = userEvent.setup();
    await user.keyboard("+".repeat(30));
    expect(transform()).toContain("scale(3)");
    await user.keyboard("-".repeat(40));
    expect(transform()).toContain("scale(0.1)");
    expect(onZoom).toHaveBeenLastCalledWith(0.1);
  });

  test("rotation turns in quarters and is reported modulo 360", async () => {
    const onRotate = vi.fn();
    render(<Harness onRotate={onRotate} />);
    fireEvent.load(shown());
    const user = userEvent.setup();
    await user.keyboard("r");
    expect(transform()).toContain("rotate(90deg)");
    await user.keyboard("{Shift>}R{/Shift}{Shift>}R{/Shift}");
    expect(transform()).toContain("rotate(-90deg)");
    await user.keyboard("rrrr");
    expect(onRotate.mock.calls.map(([deg]) => deg)).toEqual([90, 0, 270, 0, 90, 180, 270]);
  });

  test("zoom and rotation reset when the image changes", async () => {
    render(<Harness />);
    fireEvent.load(shown());
    const user = userEvent.setup();
    await user.keyboard("++r");
    expect(transform()).toBe("scale(1.24) rotate(90deg)");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("img", { name: "Second" }).style.transform).toBe("scale(1) rotate(0deg)");
  });

  test("a two-finger pinch zooms and is not a swipe", () => {
    const onZoom = vi.fn();
    render(<Harness onZoom={onZoom} />);
    fireEvent.load(shown());
    const at = (id: number, x: number) => ({ pointerId: id, pointerType: "touch", clientX: x, clientY: 300 });
    fireEvent.pointerDown(stage(), at(1, 200));
    fireEvent.pointerDown(stage(), at(2, 300));
    fireEvent.pointerMove(stage(), at(2, 350)); // 100 px apart -> 150 px: 1.5x
    expect(onZoom).toHaveBeenLastCalledWith(1.5);
    fireEvent.pointerUp(stage(), at(2, 350));
    fireEvent.pointerUp(stage(), at(1, 100));
    expect(screen.getByRole("img", { name: "First" })).toBeInTheDocument();
  });
});

describe("pending entries (a page filling the list in while the viewer is open)", () => {
  const later = { src: "", pending: "loading" as const };
  const failed = { src: "", pending: "failed" as const };

  test("a pending entry shows the loading state and no caption; filled in under the same resetKey, the viewer stays on it", async () => {
    const { rerender } = render(<Harness images={[three[0], later]} resetKey="list" />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Next image" }));
    expect(screen.getByText("2 / 2")).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading image" })).toBeInTheDocument();
    expect(dialog().querySelector(".lightbox__stage img")).toBeNull();
    expect(dialog().querySelector(".lightbox__title")).toBeNull();
    expect(dialog().querySelector(".lightbox__preload img")).toBeNull(); // nothing to preload yet

    rerender(<Harness images={[three[0], three[1]]} resetKey="list" />);
    expect(screen.getByText("2 / 2")).toBeInTheDocument();
    const image = screen.getByRole("img", { name: "Second" });
    expect(dialog().querySelector(".lightbox__title")).toHaveTextContent("Two");
    fireEvent.load(image);
    expect(screen.queryByRole("status", { name: "Loading image" })).not.toBeInTheDocument();
  });

  test("without a resetKey a new list opens the viewer afresh at its start", async () => {
    const { rerender } = render(<Harness images={[three[0], later]} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Next image" }));
    rerender(<Harness images={[three[0], three[1]]} />);
    expect(screen.getByText("1 / 2")).toBeInTheDocument();
  });

  test("an entry that could not be fetched shows the broken image", async () => {
    render(<Harness images={[three[0], failed]} resetKey="list" />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Next image" }));
    expect(screen.getByRole("img", { name: "This image could not be loaded" })).toBeInTheDocument();
  });
});
