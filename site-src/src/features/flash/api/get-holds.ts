// GET /api/flash/holds (docs/flash.md, "Held by a claim"): the ids of the one-off designs a
// visitor's claim holds now, answered by the contact function ({"held": [id, ...]}, cached a
// minute). The Flash screen reads it once, after its first paint and when the browser is idle,
// and shows those designs as claimed; the prerendered page never depends on it. Anything but a
// small answer of the right shape (an error, a slow or huge answer, not JSON) changes nothing.
import { paths } from "../../../../../functions/contact/contract.json";
import { useEffect, useState } from "react";
import type { FlashDesign } from "../../../lib/api-types";

export const HOLDS_URL: string = paths.flashHolds;
/** At most this many ids are read (the function answers at most 500), in at most this many bytes. */
export const MAX_HOLDS = 500;
export const MAX_HOLDS_BYTES = 128 * 1024;
/** A design's id as the function checks it: "<artist-slug>/<stem>", 130 characters at most. */
const DESIGN_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A slow answer is given up on: the page stays as built. */
const HOLDS_TIMEOUT_MS = 10_000;

const NONE: ReadonlySet<string> = new Set();

/** The held ids of an answer's text, or null when it is not {"held": [id, ...]} within bounds. */
export function parseHolds(text: string): ReadonlySet<string> | null {
  if (text.length > MAX_HOLDS_BYTES) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const held = (body as { held?: unknown } | null)?.held;
  if (typeof body !== "object" || Array.isArray(body) || !Array.isArray(held) || held.length > MAX_HOLDS) return null;
  const valid = held.every((id) => typeof id === "string" && id.length <= 130 && DESIGN_ID.test(id));
  return valid ? new Set(held as string[]) : null;
}

/** The body's text, or null past `max` bytes (read as it arrives: a huge answer is never held whole). */
async function boundedText(response: Response, max: number): Promise<string | null> {
  if (Number(response.headers.get("content-length")) > max) return null;
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The held ids, or null on any failure (no answer, an error status, a bad or slow answer). */
export async function getHolds(signal: AbortSignal): Promise<ReadonlySet<string> | null> {
  try {
    const response = await fetch(HOLDS_URL, { signal, headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const text = await boundedText(response, MAX_HOLDS_BYTES);
    return text === null ? null : parseHolds(text);
  } catch {
    return null;
  }
}

/** The designs with those held shown as claimed (the same array when none changes). */
export function withHolds(designs: FlashDesign[], held: ReadonlySet<string>): FlashDesign[] {
  if (held.size === 0) return designs;
  const taken = (d: FlashDesign) => held.has(d.id) && !d.repeatable && d.status !== "claimed";
  return designs.some(taken) ? designs.map((d) => (taken(d) ? { ...d, status: "claimed" as const } : d)) : designs;
}

type IdleWindow = { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number };

/** Run `work` once the page has loaded and the browser is idle; the cancel. */
function whenIdle(work: () => void): () => void {
  let idle = 0;
  let timer = 0;
  const schedule = () => {
    const { requestIdleCallback } = window as IdleWindow;
    if (requestIdleCallback) idle = requestIdleCallback(work, { timeout: 3000 });
    else timer = window.setTimeout(work, 50);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle) (window as { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(idle);
    window.clearTimeout(timer);
  };
}

/** The ids held now, read once after the screen is on the page; none until then, or ever on a failure. */
export function useHolds(): ReadonlySet<string> {
  const [held, setHeld] = useState(NONE);
  useEffect(() => {
    const controller = new AbortController();
    let giveUp = 0;
    const cancel = whenIdle(() => {
      giveUp = window.setTimeout(() => controller.abort(), HOLDS_TIMEOUT_MS);
      void getHolds(controller.signal).then((found) => {
        window.clearTimeout(giveUp);
        if (found && found.size > 0 && !controller.signal.aborted) setHeld(found);
      });
    });
    return () => {
      cancel();
      window.clearTimeout(giveUp);
      controller.abort();
    };
  }, []);
  return held;
}
