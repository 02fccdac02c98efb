import { useEffect, useState } from "react";
import { HOME_SECTIONS } from "../config/navigation";
import { useStrings } from "../i18n/catalog";
import { glideTo } from "../lib/glide-to";
import "./dot-nav.css";

/** The id of the section that spans the middle of the viewport, if any. */
export function sectionAtMiddle(ids: string[], viewportHeight: number): string | null {
  const middle = viewportHeight / 2;
  for (const id of ids) {
    const rect = document.getElementById(id)?.getBoundingClientRect();
    if (rect && rect.top <= middle && rect.bottom > middle) return id;
  }
  return null;
}

/** How far down the page the visitor is, 0-1. */
export function scrollFraction(): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return max > 0 ? Math.min(1, Math.max(0, window.scrollY / max)) : 0;
}

/** Side dots for the home sections with a vertical progress bar (docs/product.md#home). */
export function DotNav() {
  const [active, setActive] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const t = useStrings().dotNav;

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setActive(sectionAtMiddle([...HOME_SECTIONS], window.innerHeight));
      setProgress(scrollFraction());
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // In the next frame, when the page is laid out anyway, rather than forcing a layout now.
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    // Sections change height as their content arrives (artists, images).
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer?.disconnect();
    };
  }, []);

  return (
    <nav className="dot-nav" aria-label={t.label}>
      <div className="dot-nav__track" aria-hidden="true">
        <div className="dot-nav__progress" style={{ transform: `scaleY(${progress})` }} />
      </div>
      <ul className="dot-nav__list">
        {HOME_SECTIONS.map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className={`dot-nav__dot${active === id ? " is-active" : ""}`}
              aria-current={active === id ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                const target = document.getElementById(id);
                if (target) glideTo(target);
              }}
            >
              <span className="dot-nav__label">{t.sections[id]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
