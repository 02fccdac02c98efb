import { lazy, Suspense, useRef, useState } from "react";
import { useStrings } from "../i18n/catalog";
import type { VideoUrls } from "../lib/site-data";
import { posterFor } from "./background-video";
import "./play-button.css";

// The film's modal is code a visitor may never need: it loads when a Play Video button is pointed
// at, focused or pressed, not with the page (docs/architecture.md#performance-budget).
const loadModal = () => import("./video-modal");
const VideoModal = lazy(() => loadModal().then((module) => ({ default: module.VideoModal })));

type Props = {
  /** The section's video: its horizontal file plays in the modal, with controls. */
  video: VideoUrls;
  /** What the button plays, for its accessible name ("Play Video: studio film"). */
  describes: string;
  /** What the film shows: names the dialog and the video ("Studio film"). */
  title: string;
};

/**
 * A round Play Video button and the film it opens (docs/product.md#home: hero, studio,
 * piercings). The modal is a portal into <body>: where this sits places only the button.
 */
export function FilmModal({ video, describes, title }: Props) {
  const [playing, setPlaying] = useState(false);
  // Mounted from the first press on, and kept: closing pauses and rewinds, as before.
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null); // focus returns here on closing
  const t = useStrings().video;
  return (
    <>
      {/* The class keeps the space its old empty modifier left: the prerendered pages stay as they were. */}
      <button
        ref={opener}
        type="button"
        className="play-button "
        onClick={() => {
          setWanted(true);
          setPlaying(true);
        }}
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        aria-haspopup="dialog"
        aria-label={t.playFilm(describes)}
      >
        <span className="play-button__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
        </span>
        <span className="play-button__label">{t.playVideo}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <VideoModal
            open={playing}
            onClose={() => setPlaying(false)}
            src={video.horizontal}
            poster={posterFor(video, "horizontal")}
            returnFocus={opener}
            title={title}
          />
        </Suspense>
      )}
    </>
  );
}
