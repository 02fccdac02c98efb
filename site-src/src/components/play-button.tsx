import type { Ref } from "react";
import "./play-button.css";

type Props = {
  onClick: () => void;
  /** Visible label; the accessible name adds what is played ("Play Video: studio film"). */
  label?: string;
  describes?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

/** A round play icon with a label, opening a video modal. */
export function PlayButton({ onClick, label = "Play Video", describes, className = "", ref }: Props) {
  return (
    <button
      ref={ref}
      type="button"
      className={`play-button ${className}`}
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={describes ? `${label}: ${describes}` : undefined}
    >
      <span className="play-button__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18">
          <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
        </svg>
      </span>
      <span className="play-button__label">{label}</span>
    </button>
  );
}
