import { initialHeadroom, nextHeadroom, type HeadroomState } from "./use-headroom";

const options = { offset: 100, tolerance: 10 };

/** Feed scroll offsets one by one and return whether the bar is pinned after each. */
function run(ys: number[], start: HeadroomState = initialHeadroom): boolean[] {
  let state = start;
  return ys.map((y) => {
    state = nextHeadroom(state, y, options);
    return state.pinned;
  });
}

describe("nextHeadroom", () => {
  it("stays pinned within the first 100 px whatever the direction", () => {
    expect(run([20, 60, 100, 40, 100])).toEqual([true, true, true, true, true]);
  });

  it("hides once scrolled down more than 10 px past the offset", () => {
    const justPastOffset: HeadroomState = { pinned: true, lastY: 101, turnY: 150, direction: "up" };
    expect(run([105, 110, 111, 112, 130], justPastOffset)).toEqual([true, true, true, false, false]);
  });

  it("hides when a scroll from the top carries on past the offset", () => {
    expect(run([40, 90, 130])).toEqual([true, true, false]);
  });

  it("sums slow scrolling in one direction (2 px per event still hides)", () => {
    const ys = Array.from({ length: 10 }, (_, i) => 300 + i * 2); // 300 … 318
    const pinned = run([300, ...ys.slice(1)], { pinned: true, lastY: 299, turnY: 299, direction: "down" });
    expect(pinned.at(-1)).toBe(false);
  });

  it("shows again once scrolled up more than 10 px", () => {
    const hidden: HeadroomState = { pinned: false, lastY: 500, turnY: 400, direction: "down" };
    expect(run([495, 491, 489, 480], hidden)).toEqual([false, false, true, true]);
  });

  it("ignores jitter smaller than the tolerance", () => {
    const hidden: HeadroomState = { pinned: false, lastY: 500, turnY: 400, direction: "down" };
    expect(run([495, 500, 494, 499], hidden)).toEqual([false, false, false, false]);
  });

  it("pins at the top even when arriving there downwards from a jump", () => {
    const hidden: HeadroomState = { pinned: false, lastY: 800, turnY: 700, direction: "down" };
    expect(run([0], hidden)).toEqual([true]);
  });
});
