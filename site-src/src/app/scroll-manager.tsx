import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { usePageReady } from "../hooks/use-page-ready";
import { glideTo } from "../lib/glide-to";
import { preloaderHiddenBeforeApp } from "../lib/intro-video";

// A hash scrolls smoothly to its element; otherwise the saved position is restored
// (back/forward), or the page starts at the top (docs/product.md#screens-and-routes).
// react-router's <ScrollRestoration> needs a data router and does not scroll smoothly to
// late-rendered targets, so this does it.

const STORAGE_KEY = "scroll-positions";
const WAIT_FOR_TARGET_MS = 4000; // a target may render late (lazy screen, artists loading)
/** Positions kept per tab: the newest entries, so a long visit cannot fill sessionStorage. */
export const MAX_SAVED_POSITIONS = 50;

/**
 * Give the history entry the page was opened on a key of its own, before the router reads it.
 *
 * React Router calls an entry it did not create "default", so every page opened by typing its
 * address, a bookmark or the language switch shared one saved position, and a page restored the
 * position of another one. An entry the router made (or keyed on an earlier load) keeps its key,
 * so back, forward and reload still find their position.
 */
export function keyThisHistoryEntry(): void {
  const state = window.history.state as { key?: unknown } | null;
  if (state && typeof state.key === "string") return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ usr: null, idx: 0, ...(state ?? {}), key }, "");
}

/** Saved positions by history entry key, oldest first ([key, y] pairs: an object would sort
 * keys that look like numbers first). */
function readPositions(): Map<string, number> {
  try {
    const pairs: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(pairs)) return new Map();
    return new Map(
      pairs.filter(
        (pair): pair is [string, number] => Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "number",
      ),
    );
  } catch {
    return new Map();
  }
}

function savePosition(key: string, y: number): void {
  try {
    const positions = readPositions();
    positions.delete(key); // set again below, as the newest
    positions.set(key, y);
    const kept = [...positions].slice(-MAX_SAVED_POSITIONS);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Private mode without storage: positions are simply not restored.
  }
}

/** Call `found` with the element once it exists (polling each frame), or give up. */
function whenElement(id: string, found: (el: HTMLElement) => void): () => void {
  let frame = 0;
  const deadline = performance.now() + WAIT_FOR_TARGET_MS;
  const look = () => {
    const element = document.getElementById(id);
    if (element) found(element);
    else if (performance.now() < deadline) frame = requestAnimationFrame(look);
  };
  look();
  return () => cancelAnimationFrame(frame);
}

export function scrollToHash(hash: string, { smooth = true } = {}): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return () => {};
  let stopFollowing = () => {};
  const stopWaiting = whenElement(id, (element) => {
    stopFollowing = glideTo(element, { smooth });
  });
  return () => {
    stopWaiting();
    stopFollowing();
  };
}

/** Restore y once the page is tall enough to reach it (content may still be loading). */
function restoreY(y: number): () => void {
  let frame = 0;
  const deadline = performance.now() + WAIT_FOR_TARGET_MS;
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    if (reachable || performance.now() >= deadline) window.scrollTo({ top: y, behavior: "auto" });
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const ready = usePageReady();
  const firstScreen = useRef(true);

  useLayoutEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  // Remember where the visitor is on this history entry.
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => savePosition(location.key, window.scrollY));
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [location.key]);

  useEffect(() => {
    // On the first load, wait until the preloader has gone: the page below it is still
    // settling and the visitor should see the glide to the section.
    if (!ready) return;
    const first = firstScreen.current;
    firstScreen.current = false;
    // The page let the visitor in before the app came (a slow phone, lib/intro-video.ts) and
    // they have scrolled since: where they are is where they want to be.
    if (first && preloaderHiddenBeforeApp() && window.scrollY > 0) return undefined;
    if (location.hash) return scrollToHash(location.hash);
    const saved = readPositions().get(location.key);
    if (navigationType === "POP" && saved !== undefined) return restoreY(saved);
    window.scrollTo({ top: 0, behavior: "auto" });
    return undefined;
  }, [location.key, location.hash, location.pathname, navigationType, ready]);

  return null;
}
