// The stage's gestures: wheel zoom; one pointer dragging is a swipe (the image itself never
// moves: no dragging); two touching pointers pinch-zoom.
import { useEffect, useRef, type Dispatch, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import { swipeDirection, wheelAccepted, type Direction, type ViewerAction } from "./lightbox-rules";

// A pointer that moved less than this between down and up still clicks.
const CLICK_SLOP_PX = 10;

type Pointer = { x: number; y: number; startX: number; startY: number };

export function useLightboxGestures(
  stageRef: RefObject<HTMLElement | null>,
  scale: number,
  step: (direction: Direction) => void,
  dispatch: Dispatch<ViewerAction>,
) {
  // Wheel zoom, throttled. A native listener: React's onWheel is passive and cannot stop the page scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    let lastAccepted: number | null = null;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.deltaY === 0 || !wheelAccepted(lastAccepted, event.timeStamp)) return;
      lastAccepted = event.timeStamp;
      dispatch({ type: event.deltaY < 0 ? "zoom-in" : "zoom-out" });
    };
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => stage.removeEventListener("wheel", onWheel);
  }, [stageRef, dispatch]);

  const pointers = useRef(new Map<number, Pointer>());
  const pinch = useRef<{ startScale: number; startDistance: number } | null>(null);
  // Set when the pointer moved enough to be a gesture: the click that follows is not a click.
  const gestured = useRef(false);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };

  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.current.set(event.pointerId, {
      x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY,
    });
    gestured.current = false;
    if (pointers.current.size === 2) pinch.current = { startScale: scale, startDistance: distance() };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const pointer = pointers.current.get(event.pointerId);
    if (!pointer) return;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (Math.hypot(pointer.x - pointer.startX, pointer.y - pointer.startY) > CLICK_SLOP_PX) gestured.current = true;
    if (pinch.current && pointers.current.size === 2) {
      dispatch({ type: "pinch", ...pinch.current, distance: distance() });
    }
  };
  const onPointerEnd = (event: ReactPointerEvent) => {
    const pointer = pointers.current.get(event.pointerId);
    if (!pointer) return;
    pointers.current.delete(event.pointerId);
    if (pinch.current) {
      // The pinch ends when the last finger lifts; it never counts as a swipe.
      if (pointers.current.size === 0) pinch.current = null;
      gestured.current = true;
      return;
    }
    if (event.type === "pointercancel") return;
    const direction = swipeDirection(event.clientX - pointer.startX, event.clientY - pointer.startY);
    if (direction) {
      gestured.current = true;
      step(direction);
    }
  };

  /** Whether the click now arriving ends a swipe, a pinch or a drag (and so is no click); clears it. */
  const clickEndsGesture = () => {
    const was = gestured.current;
    gestured.current = false;
    return was;
  };

  const handlers = { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd };
  return { handlers, clickEndsGesture };
}
