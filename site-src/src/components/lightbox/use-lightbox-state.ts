// The viewer's state: which image, its zoom, rotation and loading status (the reducer in
// lightbox-rules.ts), reopened on a new list, with each change reported to the page.
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import {
  initialViewerState,
  reportedRotation,
  validImages,
  viewerReducer,
  type Direction,
  type LightboxImage,
} from "./lightbox-rules";

type Options = {
  entries: readonly unknown[];
  startIndex: number;
  loop: boolean;
  /** The viewer opens afresh when this changes (by default: when the list does). */
  resetKey?: unknown;
  onIndexChange?: (index: number) => void;
  onRotate?: (degrees: number) => void;
  onZoom?: (scale: number) => void;
};

export function useLightboxState<T extends LightboxImage>(options: Options) {
  const { entries, startIndex, loop, resetKey, onIndexChange, onRotate, onZoom } = options;
  const images = useMemo(() => validImages<T>(entries), [entries]);
  const [state, dispatch] = useReducer(viewerReducer, null, () =>
    initialViewerState(startIndex, images.length, loop),
  );

  // A new list (or a new start) opens the viewer afresh. With a resetKey the list may change
  // under the same key without that (pending entries filled in): the viewer stays where it is.
  const list = resetKey === undefined ? images : resetKey;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    dispatch({ type: "open", index: startIndex, count: images.length, loop });
    // `images` is read through `list` (or its length, which is all a resetKey'd list may change).
  }, [list, images.length, startIndex, loop]);

  // Report changes to whoever listens (after the first render: opening is not a change).
  const reported = useRef({ index: state.index, rotation: 0, scale: 1 });
  useEffect(() => {
    const last = reported.current;
    if (state.index !== last.index) onIndexChange?.(state.index);
    const degrees = reportedRotation(state.rotation);
    if (degrees !== last.rotation) onRotate?.(degrees);
    if (state.scale !== last.scale) onZoom?.(state.scale);
    reported.current = { index: state.index, rotation: degrees, scale: state.scale };
  }, [state.index, state.rotation, state.scale, onIndexChange, onRotate, onZoom]);

  const step = useCallback((direction: Direction) => dispatch({ type: "step", direction }), []);
  const current: T | undefined = images[state.index];
  return { images, current, state, dispatch, step };
}
