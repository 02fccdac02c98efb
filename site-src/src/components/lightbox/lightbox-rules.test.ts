import {
  MAX_ZOOM_TIMES_NATURAL,
  MIN_ZOOM,
  ROTATION_STEP_DEG,
  SWIPE_TOLERANCE_PX,
  WHEEL_THROTTLE_MS,
  ZOOM_STEP,
  arrowKeyDirection,
  clampIndex,
  initialViewerState,
  maxZoom,
  naturalScale,
  pinchZoom,
  reportedRotation,
  rotate,
  stepIndex,
  swipeDirection,
  validImages,
  viewerReducer,
  wheelAccepted,
  zoomIn,
  zoomOut,
  type ViewerState,
} from "./lightbox-rules";

describe("the constants are those of docs/product.md#constants", () => {
  test.each([
    ["ZOOM_STEP", ZOOM_STEP, 0.12],
    ["MAX_ZOOM_TIMES_NATURAL", MAX_ZOOM_TIMES_NATURAL, 3],
    ["MIN_ZOOM", MIN_ZOOM, 0.1],
    ["SWIPE_TOLERANCE_PX", SWIPE_TOLERANCE_PX, 50],
    ["WHEEL_THROTTLE_MS", WHEEL_THROTTLE_MS, 80],
    ["ROTATION_STEP_DEG", ROTATION_STEP_DEG, 90],
  ])("%s", (_name, value, expected) => {
    expect(value).toBe(expected);
  });
});

describe("validImages keeps strings and objects with a string src", () => {
  test("strings become { src }, objects are kept as given, in order", () => {
    const object = { src: "/b.jpg", title: "Rose", alt: "A rose" };
    expect(validImages(["/a.jpg", object])).toEqual([{ src: "/a.jpg" }, object]);
  });

  test.each([
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["an object without src", { title: "x" }],
    ["an object with a numeric src", { src: 7 }],
    ["an object with a null src", { src: null }],
    ["an array", ["/a.jpg"]],
    ["a boolean", true],
  ])("drops %s", (_label, entry) => {
    expect(validImages(["/ok.jpg", entry])).toEqual([{ src: "/ok.jpg" }]);
  });

  test("an empty string is a string and kept (it then fails to load: the error state)", () => {
    expect(validImages([""])).toEqual([{ src: "" }]);
  });
});

describe("clampIndex", () => {
  test.each([
    [0, 5, 0],
    [4, 5, 4],
    [5, 5, 4],
    [99, 5, 4],
    [-1, 5, 0],
    [2.7, 5, 2],
    [Number.NaN, 5, 0],
    [3, 0, 0],
  ])("index %s of %s images -> %s", (index, count, expected) => {
    expect(clampIndex(index, count)).toBe(expected);
  });
});

describe("stepIndex", () => {
  test.each([
    [0, 1, 3, true, 1],
    [2, 1, 3, true, 0], // wraps forward
    [0, -1, 3, true, 2], // wraps backward
    [2, 1, 3, false, 2], // stops at the end without looping
    [0, -1, 3, false, 0],
    [0, 1, 1, true, 0],
    [0, 1, 0, true, 0],
  ])("from %s by %s of %s (loop %s) -> %s", (index, delta, count, loop, expected) => {
    expect(stepIndex(index, delta, count, loop)).toBe(expected);
  });
});

describe("arrow keys, swapped right-to-left", () => {
  test.each([
    ["ArrowRight", false, "next"],
    ["ArrowLeft", false, "prev"],
    ["ArrowRight", true, "prev"],
    ["ArrowLeft", true, "next"],
    ["ArrowUp", false, null],
    ["Enter", true, null],
  ] as const)("%s (rtl %s) -> %s", (key, rtl, expected) => {
    expect(arrowKeyDirection(key, rtl)).toBe(expected);
  });
});

describe("swipe, 50 px tolerance", () => {
  test.each([
    [-51, 0, "next"],
    [51, 0, "prev"],
    [-50, 0, null], // within the tolerance
    [50, 0, null],
    [-49, 5, null],
    [-120, 130, null], // mostly vertical: a scroll, not a swipe
    [200, -20, "prev"],
  ] as const)("dx %s, dy %s -> %s", (dx, dy, expected) => {
    expect(swipeDirection(dx, dy)).toBe(expected);
  });
});

describe("zoom: step 0.12, at most 3x natural, at least 0.1", () => {
  test("one step in and out", () => {
    expect(zoomIn(1, 2)).toBe(1.12);
    expect(zoomOut(1)).toBe(0.88);
  });

  test("steps stay exact after many additions", () => {
    let scale = 1;
    for (let i = 0; i < 5; i++) scale = zoomIn(scale, 10);
    expect(scale).toBe(1.6);
  });

  test("the ceiling is three times the natural scale", () => {
    // drawn at 500 px, 2000 px wide: natural scale 4, so the ceiling is 12
    const natural = naturalScale(2000, 500);
    expect(natural).toBe(4);
    expect(maxZoom(natural)).toBe(12);
    expect(zoomIn(11.95, natural)).toBe(12);
    expect(zoomIn(12, natural)).toBe(12);
  });

  test("a small image drawn at its natural size stops at 3x", () => {
    let scale = 1;
    for (let i = 0; i < 100; i++) scale = zoomIn(scale, naturalScale(400, 400));
    expect(scale).toBe(3);
  });

  test("an unknown size counts as natural scale 1", () => {
    expect(naturalScale(0, 500)).toBe(1);
    expect(naturalScale(800, 0)).toBe(1);
    expect(maxZoom(0)).toBe(3);
  });

  test("the floor is 0.1", () => {
    let scale = 1;
    for (let i = 0; i < 100; i++) scale = zoomOut(scale);
    expect(scale).toBe(0.1);
    expect(zoomOut(0.15)).toBe(0.1);
  });

  test("pinch zoom follows the fingers within the same limits", () => {
    expect(pinchZoom(1, 100, 150, 1)).toBe(1.5);
    expect(pinchZoom(1, 100, 1000, 1)).toBe(3);
    expect(pinchZoom(1, 100, 1, 1)).toBe(0.1);
    expect(pinchZoom(2, 0, 50, 1)).toBe(2);
  });
});

describe("wheel throttled to 80 ms", () => {
  test.each([
    [null, 0, true],
    [1000, 1079, false],
    [1000, 1080, true],
    [1000, 1500, true],
  ])("last %s, now %s -> %s", (last, now, expected) => {
    expect(wheelAccepted(last, now)).toBe(expected);
  });
});

describe("rotation in 90 degree steps, reported modulo 360", () => {
  test("steps", () => {
    expect(rotate(0, "right")).toBe(90);
    expect(rotate(0, "left")).toBe(-90);
  });

  test.each([
    [0, 0],
    [90, 90],
    [360, 0],
    [450, 90],
    [-90, 270],
    [-360, 0],
    [-450, 270],
  ])("%s is reported as %s", (degrees, reported) => {
    expect(reportedRotation(degrees)).toBe(reported);
  });

  test("four turns right come back to 0", () => {
    let degrees = 0;
    for (let i = 0; i < 4; i++) degrees = rotate(degrees, "right");
    expect(reportedRotation(degrees)).toBe(0);
  });
});

describe("viewerReducer", () => {
  const loaded = (state: ViewerState, natural = 2): ViewerState =>
    viewerReducer(state, { type: "loaded", natural });

  test("opens at the clamped index, loading", () => {
    expect(initialViewerState(9, 3, true)).toMatchObject({ index: 2, status: "loading", scale: 1, rotation: 0 });
    expect(initialViewerState(-4, 3, true)).toMatchObject({ index: 0 });
  });

  test("with no valid image the error state is shown", () => {
    expect(initialViewerState(0, 0, true).status).toBe("error");
  });

  test("loading -> loaded, or -> error", () => {
    const state = initialViewerState(0, 3, true);
    expect(loaded(state).status).toBe("loaded");
    expect(viewerReducer(state, { type: "failed" }).status).toBe("error");
  });

  test("zoom and rotation reset when the image changes", () => {
    let state = loaded(initialViewerState(0, 3, true));
    state = viewerReducer(state, { type: "zoom-in" });
    state = viewerReducer(state, { type: "rotate", direction: "right" });
    expect(state).toMatchObject({ scale: 1.12, rotation: 90 });
    state = viewerReducer(state, { type: "step", direction: "next" });
    expect(state).toMatchObject({ index: 1, scale: 1, rotation: 0, natural: 1, status: "loading" });
  });

  test("wraps around when looping", () => {
    const last = initialViewerState(2, 3, true);
    expect(viewerReducer(last, { type: "step", direction: "next" }).index).toBe(0);
    const first = initialViewerState(0, 3, true);
    expect(viewerReducer(first, { type: "step", direction: "prev" }).index).toBe(2);
  });

  test("without looping, a step past the end keeps the state (and its zoom)", () => {
    let state = loaded(initialViewerState(2, 3, false));
    state = viewerReducer(state, { type: "zoom-in" });
    expect(viewerReducer(state, { type: "step", direction: "next" })).toBe(state);
  });

  test("zoom uses the natural scale of the loaded image for its ceiling", () => {
    let state = loaded(initialViewerState(0, 1, true), 1);
    for (let i = 0; i < 50; i++) state = viewerReducer(state, { type: "zoom-in" });
    expect(state.scale).toBe(3);
    for (let i = 0; i < 50; i++) state = viewerReducer(state, { type: "zoom-out" });
    expect(state.scale).toBe(0.1);
    state = viewerReducer(state, { type: "pinch", startScale: 1, startDistance: 100, distance: 500 });
    expect(state.scale).toBe(3);
  });

  test("nothing zooms or rotates before the image has loaded or after it failed", () => {
    const loading = initialViewerState(0, 2, true);
    expect(viewerReducer(loading, { type: "zoom-in" })).toBe(loading);
    expect(viewerReducer(loading, { type: "rotate", direction: "left" })).toBe(loading);
    const failed = viewerReducer(loading, { type: "failed" });
    expect(viewerReducer(failed, { type: "zoom-out" })).toBe(failed);
    expect(viewerReducer(failed, { type: "loaded", natural: 2 })).toBe(failed);
  });
});
