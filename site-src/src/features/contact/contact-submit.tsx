// The contact form's sending (contact-form.tsx): the state it goes through (idle, sending, sent,
// failed), the spam signals sent beside the message (the trap, the fill time), and what is drawn
// under the fields: the trap, the button, the policies, the outcome.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { prefersReducedMotion } from "../../hooks/use-media-query";
import type { ContactFormStrings } from "../../i18n/parts/contact-form";
import { basePath } from "../../lib/language";
import { sendContact, type ContactPayload } from "./api/send-contact";
import type { ReferenceImages } from "./use-reference-images";

type Status =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "sent"; message: string }
  | { state: "failed"; error: string; books?: true };

type Options = {
  strings: ContactFormStrings;
  images: ReferenceImages;
  /** Why the form will not send this at all (an artist's closed books), said instead of sending. */
  refusal: string | null;
  /** What goes out, with the ids of the uploaded reference images. */
  payload: (references: string[]) => ContactPayload;
  /** Sent: the form empties what the visitor filled in. */
  onSent: () => void;
};

export function useContactSubmit({ strings, images, refusal, payload, onSent }: Options) {
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [attempt, setAttempt] = useState(0);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const startedAt = useRef<number | null>(null);
  const sending = status.state === "sending";

  // The fill time counts from the visitor's first touch of the form, not from when the page
  // appeared: a page left open for an hour must not make a robot's instant post look slow.
  const startClock = () => {
    startedAt.current ??= performance.now();
  };
  /** The first touch of the prerendered form, before its code came. */
  const startedBefore = (at: number | null) => {
    startedAt.current ??= at;
  };

  // The answer appears below the button: bring it on screen if it is not (a phone, or a
  // visitor who scrolled), so nobody is left wondering whether the message went out.
  useEffect(() => {
    const box = outcome.current;
    if (!box || (status.state !== "sent" && status.state !== "failed")) return;
    const { top, bottom } = box.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) {
      box.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    }
  }, [status]);

  // The form's own refusal goes once another artist or service makes it moot.
  useEffect(() => {
    if (!refusal) setStatus((now) => (now.state === "failed" && now.books ? { state: "idle" } : now));
  }, [refusal]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (refusal) {
      // Refused here, before anything is sent (the function would refuse it too).
      setAttempt((n) => n + 1);
      setStatus({ state: "failed", error: refusal, books: true });
      return;
    }
    setStatus({ state: "sending" });
    setAttempt((n) => n + 1);
    setImagesError(null);
    const elapsed = startedAt.current === null ? 0 : performance.now() - startedAt.current;
    // Send waits for images still on their way; one that did not make it is never dropped
    // silently: the visitor removes it or tries again (and can always send without images).
    const attached = await images.settle();
    if (attached.some((image) => image.status !== "uploaded")) {
      setStatus({ state: "failed", error: strings.imageErrors.waitFailed });
      return;
    }
    const references = attached.map((image) => image.id as string);
    const result = await sendContact(
      payload(references),
      { website: trap.current?.value ?? "", elapsed_ms: Math.max(0, Math.round(elapsed)) },
      strings.send,
    );
    if (result.ok) {
      images.clear();
      onSent();
      if (trap.current) trap.current.value = "";
      startedAt.current = null; // the next message is timed afresh
      setStatus({ state: "sent", message: result.message });
    } else {
      // Everything typed stays in place so the visitor can simply try again.
      if (result.refused) images.refuse(result.refused);
      setImagesError(result.referencesError ?? null);
      setStatus({ state: "failed", error: result.error });
    }
  }

  return { status, attempt, sending, imagesError, trap, outcome, startClock, startedBefore, submit };
}

// Each of these is one child of the form, as before the split: the ids React makes inside the
// form's grid (the tattoo request's) depend on how many children the form has.

/**
 * Spam trap (sent as `website`): off screen, inert (never focused, hidden from assistive
 * technology) and named so that no browser or password manager fills it in.
 */
export function SpamTrap({ id, label, trap }: { id: string; label: string; trap: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="contact-form__trap" aria-hidden="true" inert>
      <label htmlFor={`${id}-trap`}>{label}</label>
      <input ref={trap} id={`${id}-trap`} name="contact_hp" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function SendButton({ sending, t }: { sending: boolean; t: ContactFormStrings["form"] }) {
  return (
    <button type="submit" className="contact-form__submit" disabled={sending}>
      {sending ? t.sending : t.send}
    </button>
  );
}

/**
 * The policies and the privacy notice the visitor agrees to by sending, those the site has
 * (docs/privacy.md): in a new tab, so that what they typed stays here while they read.
 */
export function PoliciesNote({
  policiesVersion,
  privacyNotice,
  t,
}: {
  policiesVersion?: string | null;
  privacyNotice?: boolean;
  t: ContactFormStrings["form"];
}) {
  if (!policiesVersion && !privacyNotice) return null;
  const link = (path: string, text: string) => (
    <a href={`${basePath()}${path}`} target="_blank" rel="noopener">
      {text}
      <span className="visually-hidden">{` ${t.newTab}`}</span>
    </a>
  );
  return (
    <p className="contact-form__policies">
      {policiesVersion ? t.agree : t.agreePrivacy}{" "}
      {policiesVersion && link("/policies", t.policies)}
      {policiesVersion && privacyNotice && ` ${t.and} `}
      {privacyNotice && link("/privacy", t.privacy)}
    </p>
  );
}

/** The answer, under the button. */
type OutcomeProps = { status: Status; attempt: number; outcome: RefObject<HTMLDivElement | null> };

export function Outcome({ status, attempt, outcome }: OutcomeProps) {
  return (
    <div className="contact-form__outcome" ref={outcome}>
      <div role="status">
        {status.state === "sent" && <p className="contact-form__message contact-form__message--sent">{status.message}</p>}
      </div>
      {status.state === "failed" && (
        // A new element per attempt: the same error twice is announced twice.
        <p key={attempt} className="contact-form__message contact-form__message--failed" role="alert">
          {status.error}
        </p>
      )}
    </div>
  );
}
