// Where /test's text overlays go (docs/product.md#scroll-animation-test): over the part of the
// frames that stays empty while the overlay shows, whatever frames an editor publishes. Each
// overlay's frames are reduced to a small "ink" map (how much picture each cell holds, the
// brightest of the sampled frames), and the overlay takes the candidate position whose box
// covers the least ink, the stylesheet's own position winning ties.
// No DOM here, so every rule is a table-tested function (overlay-placement.test.ts).

import type { Rect } from "./sequence-math";

/** How much picture each cell of a frame holds, 0 (empty) to 1, row by row. */
export type InkMap = { columns: number; rows: number; ink: Float32Array };

/** Brightness (0-255) at which a pixel starts to count as picture, and where it counts fully:
 * the demo's black ground and faint dust stay below the first, its gold ring is far above. */
export const INK_FLOOR = 40;
export const INK_FULL = 120;

/** Cells of the ink map along a frame's longer side (the other follows its aspect ratio). */
export const INK_CELLS = 64;

/** Room kept between an overlay's box and any picture, in CSS pixels. */
export const INK_MARGIN = 12;

/** How many frames of an overlay's window are sampled for its map. */
export const INK_SAMPLES = 5;

/** Ink of one pixel from its colour: its brightness mapped from [INK_FLOOR, INK_FULL] to [0, 1]. */
export function pixelInk(red: number, green: number, blue: number): number {
  const luma = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  return Math.min(1, Math.max(0, (luma - INK_FLOOR) / (INK_FULL - INK_FLOOR)));
}

/** The size of the ink map of a frame of `width` x `height` pixels. */
export function inkMapSize(width: number, height: number, cells: number = INK_CELLS): { columns: number; rows: number } {
  if (width <= 0 || height <= 0) return { columns: 1, rows: 1 };
  const scale = cells / Math.max(width, height);
  return { columns: Math.max(1, Math.round(width * scale)), rows: Math.max(1, Math.round(height * scale)) };
}

/** An ink map from RGBA pixels (a canvas's getImageData) of `columns` x `rows`. */
export function inkMapFromPixels(pixels: ArrayLike<number>, columns: number, rows: number): InkMap {
  const ink = new Float32Array(columns * rows);
  for (let cell = 0; cell < ink.length; cell++) {
    const i = cell * 4;
    ink[cell] = pixelInk(pixels[i], pixels[i + 1], pixels[i + 2]);
  }
  return { columns, rows, ink };
}

/** The brightest of several maps of the same size, cell by cell: what any of the frames shows. */
export function mergeInkMaps(maps: readonly InkMap[]): InkMap | null {
  if (!maps.length) return null;
  const { columns, rows } = maps[0];
  const ink = new Float32Array(columns * rows);
  for (const map of maps) {
    if (map.columns !== columns || map.rows !== rows) continue;
    for (let cell = 0; cell < ink.length; cell++) ink[cell] = Math.max(ink[cell], map.ink[cell]);
  }
  return { columns, rows, ink };
}

/** Frame indices (0-based, of `count`) to sample for an overlay shown from `start` to `end` (scroll fractions). */
export function sampleFrames(start: number, end: number, count: number, samples: number = INK_SAMPLES): number[] {
  if (count <= 0) return [];
  const from = Math.min(1, Math.max(0, start));
  const to = Math.min(1, Math.max(from, end));
  const picked = new Set<number>();
  for (let i = 0; i < samples; i++) {
    const fraction = samples > 1 ? from + ((to - from) * i) / (samples - 1) : (from + to) / 2;
    picked.add(Math.min(count - 1, Math.max(0, Math.round(fraction * (count - 1)))));
  }
  return [...picked].sort((a, b) => a - b);
}

/**
 * The mean ink under `box` (CSS pixels), grown by `margin`, for a frame drawn at `frame` (the
 * cover rectangle the canvas draws it in): 0 when the box covers only empty cells, 1 when it
 * covers only picture. Parts of the box outside the frame count as empty.
 */
export function inkUnder(map: InkMap, frame: Rect, box: Rect, margin: number = INK_MARGIN): number {
  const left = box.x - margin;
  const top = box.y - margin;
  const right = box.x + box.width + margin;
  const bottom = box.y + box.height + margin;
  const area = (right - left) * (bottom - top);
  if (area <= 0 || frame.width <= 0 || frame.height <= 0) return 0;
  const cellWidth = frame.width / map.columns;
  const cellHeight = frame.height / map.rows;
  const firstColumn = Math.max(0, Math.floor((left - frame.x) / cellWidth));
  const lastColumn = Math.min(map.columns - 1, Math.floor((right - frame.x) / cellWidth));
  const firstRow = Math.max(0, Math.floor((top - frame.y) / cellHeight));
  const lastRow = Math.min(map.rows - 1, Math.floor((bottom - frame.y) / cellHeight));
  let total = 0;
  for (let row = firstRow; row <= lastRow; row++) {
    const y0 = frame.y + row * cellHeight;
    const overlapY = Math.min(bottom, y0 + cellHeight) - Math.max(top, y0);
    if (overlapY <= 0) continue;
    for (let column = firstColumn; column <= lastColumn; column++) {
      const value = map.ink[row * map.columns + column];
      if (!value) continue;
      const x0 = frame.x + column * cellWidth;
      const overlapX = Math.min(right, x0 + cellWidth) - Math.max(left, x0);
      if (overlapX > 0) total += value * overlapX * overlapY;
    }
  }
  return total / area;
}

export type Insets = { top: number; right: number; bottom: number; left: number };

/**
 * Candidate boxes for an overlay of `size` on a `viewport`, inside `insets`: left, centre and
 * right (one when the box is as wide as the room), each at `steps` heights from top to bottom.
 */
export function candidateBoxes(
  viewport: { width: number; height: number },
  size: { width: number; height: number },
  insets: Insets,
  steps = 9,
): Rect[] {
  const minX = insets.left;
  const maxX = Math.max(minX, viewport.width - insets.right - size.width);
  const minY = insets.top;
  const maxY = Math.max(minY, viewport.height - insets.bottom - size.height);
  const xs = [...new Set([minX, (minX + maxX) / 2, maxX].map((x) => Math.round(x)))];
  const ys: number[] = [];
  for (let i = 0; i < steps; i++) ys.push(Math.round(steps > 1 ? minY + ((maxY - minY) * i) / (steps - 1) : (minY + maxY) / 2));
  const boxes: Rect[] = [];
  for (const y of new Set(ys)) for (const x of xs) boxes.push({ x, y, width: size.width, height: size.height });
  return boxes;
}

/**
 * The candidate with the least ink under it. Among equals (within `tolerance`, rounding), the
 * one nearest `preferred` (the stylesheet's position) wins, so an empty frame keeps the
 * design's layout and an overlay moves only as far as the picture makes it.
 */
export function placeOverlay(
  map: InkMap,
  frame: Rect,
  candidates: readonly Rect[],
  preferred: Rect,
  tolerance = 1e-6,
): Rect {
  if (!candidates.length) return preferred;
  const scored = [preferred, ...candidates].map((box) => ({ box, ink: inkUnder(map, frame, box) }));
  const least = Math.min(...scored.map((entry) => entry.ink));
  const distance = (box: Rect) => Math.hypot(box.x - preferred.x, box.y - preferred.y);
  return scored
    .filter((entry) => entry.ink <= least + tolerance)
    .sort((a, b) => distance(a.box) - distance(b.box))[0].box;
}

/** How an overlay's text lines up in its box: with the side of the screen it is nearer. */
export function alignmentFor(box: Rect, viewportWidth: number): "left" | "center" | "right" {
  // A box about as wide as the screen (a phone's) reads best flush left, as the design sets it.
  if (box.width >= viewportWidth * 0.7) return "left";
  const middle = box.x + box.width / 2;
  if (Math.abs(middle - viewportWidth / 2) < viewportWidth / 12) return "center";
  return middle < viewportWidth / 2 ? "left" : "right";
}
