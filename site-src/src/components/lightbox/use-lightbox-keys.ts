import { useEffect, type Dispatch } from "react";
import { arrowKeyDirection, type Direction, type ViewerAction } from "./lightbox-rules";

/** Keyboard, on the whole document while open: arrows step, + / - zoom, r / R rotate. */
export function useLightboxKeys(isRtl: boolean, step: (direction: Direction) => void, dispatch: Dispatch<ViewerAction>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const direction = arrowKeyDirection(event.key, isRtl);
      if (direction) step(direction);
      else if (event.key === "+" || event.key === "=") dispatch({ type: "zoom-in" });
      else if (event.key === "-" || event.key === "_") dispatch({ type: "zoom-out" });
      else if (event.key === "r") dispatch({ type: "rotate", direction: "right" });
      else if (event.key === "R") dispatch({ type: "rotate", direction: "left" });
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isRtl, step, dispatch]);
}
