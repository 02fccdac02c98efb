// Draws the scroll sequence: reads the scroll position, lets the drawn frame catch up with it
// (scrub smoothing), paints the frame on a device-pixel-sized canvas and sets the opacity of
// the canvas, the opening text and the overlays. It writes to the DOM directly from one
// requestAnimationFrame loop, so scrolling never re-renders React.
//
// The current frame is exposed on the canvas as data-frame-index / data-frame-src: the
// browser tests read them, and they help anyone debugging a sequence an editor replaced.
//
// Each overlay is moved where its frames are empty (overlay-placement.ts) once the frames of
// its window have loaded, and again when the screen's size changes; until then it keeps the
// stylesheet's position. A placed overlay carries data-placed and data-align.

import type { FrameStatus } from "./frame-loader";
import {
  canvasOpacity,
  canvasPixels,
  coverRect,
  frameIndex,
  framePosition,
  introOpacity,
  nearestReady,
  OVERLAY_FADE,
  overlayOpacity,
  SCRUB_SECONDS,
  scrollProgress,
  smoothTowards,
} from "./sequence-math";
import {
  alignmentFor,
  candidateBoxes,
  inkMapFromPixels,
  inkMapSize,
  mergeInkMaps,
  placeOverlay,
  sampleFrames,
  type InkMap,
} from "./overlay-placement";

export type PlayerElements = {
  canvas: HTMLCanvasElement;
  /** The tall element whose scrolling drives the sequence. */
  track: HTMLElement;
  intro?: HTMLElement | null;
  /** Overlays carry their window as data-start / data-end (scroll fractions). */
  overlays: HTMLElement[];
};

export type SequencePlayer = {
  /** Use a new set of frames (a layout switch): jumps straight to the scroll position. */
  setFrames: (images: HTMLImageElement[], status: FrameStatus[]) => void;
  /** A frame finished loading: redraw if it is the best one for the current position. */
  frameSettled: (index: number) => void;
  /** Smoothing on or off (off for visitors who prefer reduced motion). */
  setSmoothing: (seconds: number) => void;
  destroy: () => void;
};

export function createSequencePlayer({ canvas, track, intro, overlays }: PlayerElements): SequencePlayer {
  const context = canvas.getContext("2d");
  let images: HTMLImageElement[] = [];
  let status: FrameStatus[] = [];
  let smoothing = SCRUB_SECONDS;
  let position = 0; // drawn (smoothed) frame position
  let target = 0;
  let drawnIndex = -1; // index of the image actually on the canvas
  let dirty = true; // canvas resized or frames changed: repaint even if the index is the same
  let frame = 0;
  let lastTime = 0;

  const count = () => images.length;

  // Overlay placement: each overlay's ink map (null until its frames have loaded).
  let inkMaps: (InkMap | null)[] = overlays.map(() => null);
  let scratch: CanvasRenderingContext2D | null | undefined;

  const frameInk = (image: HTMLImageElement): InkMap | null => {
    if (scratch === undefined) {
      scratch = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    }
    if (!scratch || typeof scratch.getImageData !== "function") return null;
    const { columns, rows } = inkMapSize(image.naturalWidth, image.naturalHeight);
    scratch.canvas.width = columns;
    scratch.canvas.height = rows;
    try {
      scratch.imageSmoothingQuality = "high";
      scratch.drawImage(image, 0, 0, columns, rows);
      return inkMapFromPixels(scratch.getImageData(0, 0, columns, rows).data, columns, rows);
    } catch {
      return null; // a frame from another origin without CORS: keep the stylesheet's position
    }
  };

  /** The overlays' box, less the padding the stylesheet keeps clear (the header, the edges). */
  const overlayArea = (overlay: HTMLElement) => {
    const area = overlay.offsetParent instanceof HTMLElement ? overlay.offsetParent : null;
    if (!area) return null;
    const style = getComputedStyle(area);
    const px = (value: string) => Number.parseFloat(value) || 0;
    return {
      element: area,
      width: area.clientWidth,
      height: area.clientHeight,
      insets: {
        top: px(style.paddingTop),
        right: px(style.paddingRight),
        bottom: px(style.paddingBottom),
        left: px(style.paddingLeft),
      },
    };
  };

  const placeOne = (overlay: HTMLElement, map: InkMap, image: HTMLImageElement) => {
    // Measure the overlay where the stylesheet puts it: that is the preferred place.
    for (const property of ["left", "top", "right", "bottom", "width", "transform"] as const) {
      overlay.style.removeProperty(property);
    }
    delete overlay.dataset.placed;
    delete overlay.dataset.align;
    const area = overlayArea(overlay);
    if (!area || !area.width || !area.height) return;
    // The bounding boxes, not offsetLeft/offsetTop: those leave out the centring transform.
    const origin = area.element.getBoundingClientRect();
    const own = overlay.getBoundingClientRect();
    const preferred = {
      x: own.left - origin.left - area.element.clientLeft,
      y: own.top - origin.top - area.element.clientTop,
      width: own.width,
      height: own.height,
    };
    if (!preferred.width || !preferred.height) return;
    const frame = coverRect(image.naturalWidth, image.naturalHeight, canvas.clientWidth, canvas.clientHeight);
    const candidates = candidateBoxes(area, preferred, area.insets);
    const box = placeOverlay(map, frame, candidates, preferred);
    Object.assign(overlay.style, {
      left: `${box.x}px`,
      top: `${box.y}px`,
      right: "auto",
      bottom: "auto",
      width: `${box.width}px`,
      transform: "none",
    });
    overlay.dataset.placed = "true";
    overlay.dataset.align = alignmentFor(box, area.width);
  };

  /** Make the maps whose frames have all settled, and place every overlay that has one. */
  const placeOverlays = (onlyNew: boolean) => {
    const total = count();
    overlays.forEach((overlay, index) => {
      let map = inkMaps[index];
      if (!map) {
        const start = Number(overlay.dataset.start) - OVERLAY_FADE;
        const end = Number(overlay.dataset.end) + OVERLAY_FADE;
        const picked = sampleFrames(start, end, total);
        if (!picked.length || picked.some((i) => status[i] === "pending")) return;
        const ready = picked.filter((i) => status[i] === "ready");
        map = mergeInkMaps(ready.map((i) => frameInk(images[i])).filter((m): m is InkMap => m !== null));
        if (!map) return;
        inkMaps[index] = map;
      } else if (onlyNew) {
        return;
      }
      const sample = images.find((image, i) => status[i] === "ready" && image.naturalWidth > 0);
      if (sample) placeOne(overlay, map, sample);
    });
  };

  const readTarget = () => {
    const rect = track.getBoundingClientRect();
    return framePosition(scrollProgress(rect.top, rect.height, window.innerHeight), count());
  };

  const resize = () => {
    const { width, height } = canvasPixels(canvas.clientWidth, canvas.clientHeight, window.devicePixelRatio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      dirty = true;
    }
  };

  const paint = () => {
    const total = count();
    const wanted = frameIndex(position, total);
    const ready = status.map((s) => s === "ready");
    const index = nearestReady(wanted, ready);
    if (index >= 0 && (index !== drawnIndex || dirty) && context) {
      const image = images[index];
      const rect = coverRect(image.naturalWidth, image.naturalHeight, canvas.width, canvas.height);
      context.fillStyle = "#000";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, rect.x, rect.y, rect.width, rect.height);
      drawnIndex = index;
      dirty = false;
      canvas.dataset.frameIndex = String(index);
      canvas.dataset.frameSrc = image.src;
    }
    const progress = total > 1 ? position / (total - 1) : 0;
    canvas.dataset.progress = progress.toFixed(3);
    canvas.style.opacity = String(canvasOpacity(progress));
    if (intro) intro.style.opacity = String(introOpacity(progress));
    for (const overlay of overlays) {
      const opacity = overlayOpacity(progress, Number(overlay.dataset.start), Number(overlay.dataset.end));
      overlay.style.opacity = String(opacity);
      overlay.style.visibility = opacity > 0 ? "visible" : "hidden";
    }
  };

  const tick = (now: number) => {
    const elapsed = lastTime ? now - lastTime : 1000 / 60;
    lastTime = now;
    position = smoothTowards(position, target, elapsed, smoothing);
    paint();
    frame = position === target ? 0 : requestAnimationFrame(tick);
    if (!frame) lastTime = 0;
  };

  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(tick);
  };

  const onScroll = () => {
    target = readTarget();
    schedule();
  };

  const onResize = () => {
    resize();
    placeOverlays(false);
    onScroll();
  };

  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : null;
  observer?.observe(canvas);
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onResize);
  resize();

  return {
    setFrames(nextImages, nextStatus) {
      images = nextImages;
      status = nextStatus;
      drawnIndex = -1;
      dirty = true;
      inkMaps = overlays.map(() => null);
      target = readTarget();
      position = target;
      delete canvas.dataset.frameIndex;
      delete canvas.dataset.frameSrc;
      if (context) {
        context.fillStyle = "#000";
        context.fillRect(0, 0, canvas.width, canvas.height);
      }
      paint();
    },
    frameSettled(index) {
      placeOverlays(true);
      if (status[index] !== "ready") return;
      const best = nearestReady(frameIndex(position, count()), status.map((s) => s === "ready"));
      if (best === index) {
        dirty = true;
        schedule();
      }
    },
    setSmoothing(seconds) {
      smoothing = seconds;
    },
    destroy() {
      cancelAnimationFrame(frame);
      frame = 0;
      observer?.disconnect();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onResize);
    },
  };
}
