// Draws the scroll sequence: reads the scroll position, lets the drawn frame catch up with it
// (scrub smoothing), paints the frame on a device-pixel-sized canvas and sets the opacity of
// the canvas, the opening text and the overlays. It writes to the DOM directly from one
// requestAnimationFrame loop, so scrolling never re-renders React.
//
// The current frame is exposed on the canvas as data-frame-index / data-frame-src: the
// browser tests read them, and they help anyone debugging a sequence an editor replaced.

import type { FrameStatus } from "./frame-loader";
import {
  canvasOpacity,
  canvasPixels,
  coverRect,
  frameIndex,
  framePosition,
  introOpacity,
  nearestReady,
  overlayOpacity,
  SCRUB_SECONDS,
  scrollProgress,
  smoothTowards,
} from "./sequence-math";

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
