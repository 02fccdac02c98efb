import { useEffect, useRef, useState } from "react";

// Hide the bar on the way down, bring it back on the way up (docs/product.md#header-and-menu).
// Distances are summed over a run of scroll events in one direction, so a slow scroll that moves
// 2 px per event still counts (headroom.js compares single deltas and misses those).

export type HeadroomState = { pinned: boolean; lastY: number; turnY: number; direction: "up" | "down" | null };

export const initialHeadroom: HeadroomState = { pinned: true, lastY: 0, turnY: 0, direction: null };

export function nextHeadroom(
  state: HeadroomState,
  y: number,
  { offset, tolerance }: { offset: number; tolerance: number },
): HeadroomState {
  if (y === state.lastY) return state;
  const direction = y > state.lastY ? "down" : "up";
  const turnY = direction === state.direction ? state.turnY : state.lastY;
  let pinned = state.pinned;
  if (y <= offset) pinned = true;
  else if (direction === "down" && y - turnY > tolerance) pinned = false;
  else if (direction === "up" && turnY - y > tolerance) pinned = true;
  return { pinned, lastY: y, turnY, direction };
}

/** Whether the bar is pinned (shown) for the scroll offset y. */
export function useHeadroom(y: number, options: { offset: number; tolerance: number; enabled?: boolean }): boolean {
  const state = useRef<HeadroomState>(initialHeadroom);
  const [pinned, setPinned] = useState(true);
  const { offset, tolerance, enabled = true } = options;
  useEffect(() => {
    if (!enabled) return;
    state.current = nextHeadroom(state.current, y, { offset, tolerance });
    setPinned(state.current.pinned);
  }, [y, offset, tolerance, enabled]);
  return pinned;
}
