import { describe, expect, it } from "vitest";
import {
  alignmentFor,
  candidateBoxes,
  inkMapFromPixels,
  inkMapSize,
  inkUnder,
  mergeInkMaps,
  pixelInk,
  placeOverlay,
  sampleFrames,
  type InkMap,
} from "./overlay-placement";
import { coverRect, type Rect } from "./sequence-math";

/** RGBA pixels of a black frame with a bright shape where `inside(x, y)` (x, y from 0 to 1). */
function frame(columns: number, rows: number, inside: (x: number, y: number) => boolean): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(columns * rows * 4);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const i = (row * columns + column) * 4;
      const lit = inside((column + 0.5) / columns, (row + 0.5) / rows);
      pixels.set(lit ? [212, 175, 55, 255] : [4, 3, 3, 255], i);
    }
  }
  return pixels;
}

/** A ring of radius r (as a fraction of the frame's height) around (cx, cy), 16:9. */
const ring =
  (cx: number, cy: number, r: number, aspect = 16 / 9) =>
  (x: number, y: number) =>
    Math.abs(Math.hypot((x - cx) * aspect, y - cy) - r) < 0.03;

function mapOf(inside: (x: number, y: number) => boolean, width = 1600, height = 900): InkMap {
  const { columns, rows } = inkMapSize(width, height);
  return inkMapFromPixels(frame(columns, rows, inside), columns, rows);
}

const desktop = { width: 1366, height: 900 };
const insets = { top: 96, right: 96, bottom: 72, left: 96 };
const textBox = { width: 480, height: 260 };
const leftMiddle: Rect = { x: 96, y: (900 - 260) / 2, width: 480, height: 260 };

function place(map: InkMap, viewport = desktop, size = textBox, preferred = leftMiddle, image = [1600, 900]) {
  const drawn = coverRect(image[0], image[1], viewport.width, viewport.height);
  const box = placeOverlay(map, drawn, candidateBoxes(viewport, size, insets), preferred);
  return { box, ink: inkUnder(map, drawn, box), drawn };
}

describe("ink", () => {
  it("counts bright pixels and ignores a dark ground and faint dust", () => {
    expect(pixelInk(4, 3, 3)).toBe(0);
    expect(pixelInk(30, 25, 15)).toBe(0);
    expect(pixelInk(212, 175, 55)).toBe(1);
    expect(pixelInk(90, 90, 90)).toBeGreaterThan(0);
  });

  it("sizes the map after the frame's aspect ratio", () => {
    expect(inkMapSize(1600, 900)).toEqual({ columns: 64, rows: 36 });
    expect(inkMapSize(720, 1280)).toEqual({ columns: 36, rows: 64 });
    expect(inkMapSize(0, 0)).toEqual({ columns: 1, rows: 1 });
  });

  it("merges frames as the brightest of each cell", () => {
    const left = mapOf((x) => x < 0.2);
    const right = mapOf((x) => x > 0.8);
    const both = mergeInkMaps([left, right])!;
    const drawn = { x: 0, y: 0, width: 1600, height: 900 };
    expect(inkUnder(both, drawn, { x: 0, y: 0, width: 200, height: 900 }, 0)).toBeCloseTo(1);
    expect(inkUnder(both, drawn, { x: 1400, y: 0, width: 200, height: 900 }, 0)).toBeCloseTo(1);
    expect(inkUnder(both, drawn, { x: 600, y: 0, width: 400, height: 900 }, 0)).toBe(0);
    expect(mergeInkMaps([])).toBeNull();
  });

  it("samples frames across an overlay's window", () => {
    const window = sampleFrames(0.2, 0.31, 88);
    expect(window).toHaveLength(5);
    expect([window[0], window[4]]).toEqual([Math.round(0.2 * 87), Math.round(0.31 * 87)]);
    expect([...window].sort((a, b) => a - b)).toEqual(window);
    expect(sampleFrames(0.9, 1.2, 88).at(-1)).toBe(87); // clamped to the last frame
    expect(sampleFrames(0.5, 0.5, 0)).toEqual([]);
  });
});

describe("placeOverlay", () => {
  it("keeps the stylesheet's place on an empty frame", () => {
    expect(place(mapOf(() => false)).box).toEqual(leftMiddle);
  });

  it("moves a text off a ring in the middle (the demo's /test frames)", () => {
    const map = mapOf(ring(0.5, 0.5, 0.4));
    // Today's place, the left middle, lies over the ring's left side.
    const drawn = coverRect(1600, 900, desktop.width, desktop.height);
    expect(inkUnder(map, drawn, leftMiddle)).toBeGreaterThan(0.02);
    const { box, ink } = place(map);
    expect(ink).toBe(0);
    expect(box.x + box.width <= desktop.width && box.y + box.height <= desktop.height).toBe(true);
  });

  it("finds the empty side of a frame whose picture is off-centre, for any frames", () => {
    for (const [cx, cy] of [
      [0.25, 0.5],
      [0.75, 0.5],
      [0.5, 0.3],
      [0.3, 0.7],
    ]) {
      const { ink } = place(mapOf(ring(cx, cy, 0.25)));
      expect(ink, `ring at ${cx}, ${cy}`).toBe(0);
    }
  });

  it("on a phone finds the empty band of a portrait frame", () => {
    const phone = { width: 390, height: 844 };
    const size = { width: 342, height: 190 };
    const low: Rect = { x: 24, y: 844 * 0.88 - 190, width: 342, height: 190 };
    // A hoop as wide as a 9:16 frame in its lower part (the demo's, late in the sequence):
    // only the band above it is empty.
    const map = mapOf((x, y) => Math.abs(Math.hypot((x - 0.5) * 0.5625, y - 0.66) - 0.28) < 0.02, 720, 1280);
    const drawn = coverRect(720, 1280, phone.width, phone.height);
    expect(inkUnder(map, drawn, low)).toBeGreaterThan(0);
    const box = placeOverlay(map, drawn, candidateBoxes(phone, size, { ...insets, left: 24, right: 24 }), low);
    expect(inkUnder(map, drawn, box)).toBe(0);
  });

  it("takes the least ink when no place is empty", () => {
    const map = mapOf((x) => x < 0.6); // only the right 40 % is clear, narrower than the text
    const { box } = place(map);
    expect(box.x).toBeGreaterThan(desktop.width / 2);
  });
});

describe("candidateBoxes and alignment", () => {
  it("offers left, centre and right at several heights inside the insets", () => {
    const boxes = candidateBoxes(desktop, textBox, insets, 3);
    expect(new Set(boxes.map((b) => b.x))).toEqual(new Set([96, 443, 790]));
    expect(new Set(boxes.map((b) => b.y))).toEqual(new Set([96, 332, 568]));
  });

  it("offers one column when the text is as wide as the room", () => {
    const boxes = candidateBoxes({ width: 390, height: 844 }, { width: 342, height: 200 }, { top: 96, right: 24, bottom: 40, left: 24 });
    expect(new Set(boxes.map((b) => b.x))).toEqual(new Set([24]));
  });

  it("lines text up with its side", () => {
    expect(alignmentFor({ x: 96, y: 0, width: 480, height: 1 }, 1366)).toBe("left");
    expect(alignmentFor({ x: 443, y: 0, width: 480, height: 1 }, 1366)).toBe("center");
    expect(alignmentFor({ x: 790, y: 0, width: 480, height: 1 }, 1366)).toBe("right");
    expect(alignmentFor({ x: 24, y: 0, width: 342, height: 1 }, 390)).toBe("left");
  });
});
