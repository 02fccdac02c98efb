import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { useInvalidFieldsInView } from "../../hooks/use-invalid-fields-in-view";
import { prefersReducedMotion } from "../../hooks/use-media-query";
import { useStrings } from "../../i18n/catalog";
import { contactFormStrings, type ContactFormStrings } from "../../i18n/parts/contact-form";
import { useArtists, useSelectedArtist } from "../../lib/artists-store";
import { booksLabel } from "../../lib/books";
import type { FlashClaim } from "../../lib/flash-claim";
import { basePath } from "../../lib/language";
import { useSiteData } from "../../lib/use-site-data";
import { sendContact } from "./api/send-contact";
import { ReferenceImagesField } from "./reference-images";
import { answered, answersIn, NO_ANSWERS, requestPayload, TattooRequestFields, type RequestAnswers } from "./tattoo-request";
import { useReferenceImages } from "./use-reference-images";

// A flash design claimed on the Flash screen waits in this tab's sessionStorage under this key
// (lib/flash-claim.ts writes it; a test ties the two). The form reads it once, when it
// comes to life, and only then loads the preview's code: a form without a claim costs nothing more.
const FLASH_CLAIM_KEY = "flash-claim";
const ClaimedDesign = lazy(() => import("./claimed-design"));
const CONSULTATION = "Tattoo Consultation";

/**
 * The service a link asks the form for, in its navigation's state ({ service }): "Book Your
 * Piercing" on /piercings asks for Piercing (features/piercings/piercings-screen.tsx). Only one
 * of the form's own choices counts.
 */
function askedService(state: unknown, services: string[]): string | null {
  const asked = (state as { service?: unknown } | null)?.service;
  return typeof asked === "string" && services.includes(asked) ? asked : null;
}

function storedClaim(): FlashClaim | null {
  try {
    const claim = JSON.parse(sessionStorage.getItem(FLASH_CLAIM_KEY) ?? "null") as FlashClaim | null;
    return typeof claim?.id === "string" ? claim : null;
  } catch {
    return null;
  }
}

function forgetClaim(): void {
  try {
    sessionStorage.removeItem(FLASH_CLAIM_KEY);
  } catch {
    // no storage: nothing was kept
  }
}

type Fields = { name: string; email: string; phone: string; message: string };
const EMPTY: Fields = { name: "", email: "", phone: "", message: "" };

type Status =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "sent"; message: string }
  | { state: "failed"; error: string; books?: true };

/** The artist choices: the list once loaded, else one line saying why there is none yet. */
function ArtistOptions({ noArtist, t }: { noArtist: string; t: ContactFormStrings["form"] }) {
  const { data: artists = [], error, isLoading } = useArtists();
  if (isLoading) return <option value={noArtist}>{t.loadingArtists}</option>;
  if (error) return <option value={noArtist}>{t.artistsFailed}</option>;
  return (
    <>
      <option value={noArtist}>{t.noPreference}</option>
      {artists.map((artist) => (
        <option key={artist.slug} value={artist.slug}>
          {artist.name}
        </option>
      ))}
    </>
  );
}

type Props = {
  /**
   * What the visitor did to the prerendered form before its code arrived (its section keeps
   * count, features/contact/contact-section.tsx): when they first touched it, whether they sent it.
   */
  beforeCode?: () => { touchedAt: number | null; sendAsked: boolean };
};

export function ContactForm({ beforeCode }: Props) {
  // The choices the contact function accepts, the first service the default (functions/contact/choices.json).
  const { services, noArtist, request, minorsRule, policiesVersion } = useSiteData();
  const { data: artists, error, isLoading } = useArtists();
  const strings = useStrings(contactFormStrings);
  const t = strings.form;
  const booksLabels = useStrings().books;
  const [artistSlug, setArtistSlug] = useSelectedArtist();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [service, setService] = useState(services[0]);
  const [answers, setAnswers] = useState<RequestAnswers>(NO_ANSWERS);
  // The request's questions are folded until the visitor unfolds them or claims a design.
  const [detailsOpen, setDetailsOpen] = useState(false);
  const location = useLocation();
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [attempt, setAttempt] = useState(0);
  const images = useReferenceImages(strings.imageErrors);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const startedAt = useRef<number | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useInvalidFieldsInView(form);
  const [sendTakenOver, setSendTakenOver] = useState(false);
  const [claim, setClaim] = useState<FlashClaim | null>(null);
  const id = useId();

  // The code arrives once the visitor comes near (contact-section.tsx); until then the page holds
  // the prerendered form. What was typed or picked in it is in the page, not in the state: take it
  // over, and the time they began (a message typed before is no faster for it), and send it if
  // they asked to (once the state has it).
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const early = beforeCode?.();
    // A claimed design comes with its artist and a consultation; what was picked by hand wins.
    const claimed = storedClaim();
    if (claimed) {
      setClaim(claimed);
      setArtistSlug(claimed.artist_id);
      setService(services.includes(CONSULTATION) ? CONSULTATION : services[0]);
      setDetailsOpen(true);
    }
    startedAt.current ??= early?.touchedAt ?? null;
    const typed = (name: string) => {
      const control = element.elements.namedItem(name);
      return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement
        ? control.value
        : "";
    };
    const before = { name: typed("name"), email: typed("email"), phone: typed("phone"), message: typed("message") };
    if (Object.values(before).some(Boolean)) setFields(before);
    const pickedService = typed("service");
    if (pickedService && pickedService !== services[0]) setService(pickedService);
    const pickedArtist = typed("artist");
    if (pickedArtist && pickedArtist !== noArtist) setArtistSlug(pickedArtist);
    const picked = answersIn(element);
    if (answered(picked)) setAnswers(picked);
    // Unfolded on the prerendered page before the code came: it stays unfolded.
    if (element.querySelector("details.contact-request[open]")) setDetailsOpen(true);
    if (early?.sendAsked) setSendTakenOver(true);
  }, []); // once, when the form comes to life

  useEffect(() => {
    if (sendTakenOver) form.current?.requestSubmit();
  }, [sendTakenOver]);

  // A link that asks for a service (its navigation's state) picks it, when the form comes to life
  // after it and at each such navigation later.
  useEffect(() => {
    const asked = askedService(location.state, services);
    if (asked) setService(asked);
  }, [location.key]); // a new navigation, not a new render

  // The fill time counts from the visitor's first touch of the form, not from when the page
  // appeared: a page left open for an hour must not make a robot's instant post look slow.
  const startClock = () => {
    startedAt.current ??= performance.now();
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

  const field = (key: keyof Fields) => ({
    id: `${id}-${key}`,
    name: key,
    value: fields[key],
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: event.target.value })),
  });

  const removeClaim = () => {
    forgetClaim();
    setClaim(null);
    // The button goes with the design: focus the message the visitor goes on with.
    (form.current?.elements.namedItem("message") as HTMLElement | null)?.focus();
  };

  const sending = status.state === "sending";
  const artistsUnavailable = isLoading || error !== null;
  // The tattoo request's questions, for the services they are about (site data `request`).
  const asksRequest = request?.services.includes(service) ?? false;
  // The picked artist's books, when they are not simply open; a consultation follows them.
  const artist = artistsUnavailable ? undefined : artists?.find((a) => a.slug === artistSlug);
  const books = artist && booksLabel(artist, booksLabels);
  const consultation = service === CONSULTATION;
  // Why the form will not send a consultation to an artist whose books are closed, or what it becomes with a waitlist.
  const refusal = artist?.books === "closed" && consultation ? t.closedBooks(artist.name, artist.books_note) : null;
  const waitlist = artist?.books === "waitlist" && consultation ? t.waitlist(artist.name, artist.books_note) : null;

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
      {
        ...fields,
        artist: artistsUnavailable ? noArtist : artistSlug,
        service,
        references,
        flash: claim?.id,
        ...(asksRequest ? requestPayload(answers, { design: claim !== null }) : {}),
        ...(policiesVersion ? { policies_version: policiesVersion } : {}),
      },
      { website: trap.current?.value ?? "", elapsed_ms: Math.max(0, Math.round(elapsed)) },
      strings.send,
    );
    if (result.ok) {
      images.clear();
      forgetClaim();
      setClaim(null);
      setFields(EMPTY);
      setService(services[0]);
      setAnswers(NO_ANSWERS);
      setDetailsOpen(false);
      setArtistSlug(noArtist);
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

  return (
    <form
      ref={form}
      className="contact-form"
      onSubmit={submit}
      onFocusCapture={startClock}
      onInputCapture={startClock}
      onPointerDownCapture={startClock}
      aria-labelledby="contact-heading"
    >
      <div className="contact-form__grid">
        <div className="contact-form__field">
          <label htmlFor={`${id}-name`}>{t.name}</label>
          <input {...field("name")} type="text" autoComplete="name" required placeholder={t.namePlaceholder} />
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-email`}>{t.email}</label>
          <input {...field("email")} type="email" autoComplete="email" required placeholder={t.emailPlaceholder} />
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-phone`}>
            {`${t.phone} `}
            <span className="contact-form__optional">{t.optional}</span>
          </label>
          <input {...field("phone")} type="tel" autoComplete="tel" placeholder={t.phonePlaceholder} />
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-artist`}>{t.artist}</label>
          <select
            id={`${id}-artist`}
            name="artist"
            value={artistsUnavailable ? noArtist : artistSlug}
            onChange={(event) => setArtistSlug(event.target.value)}
            disabled={artistsUnavailable}
            aria-describedby={books ? `${id}-books` : undefined}
          >
            <ArtistOptions noArtist={noArtist} t={t} />
          </select>
          {books && (
            <p id={`${id}-books`} className="contact-form__books" data-books={artist.books}>
              <span className="contact-form__books-label">{books}</span>
              {artist.books_note && <> <span>{artist.books_note}</span></>}
            </p>
          )}
        </div>
        <div className="contact-form__field contact-form__field--wide">
          <label htmlFor={`${id}-service`}>{t.service}</label>
          <select id={`${id}-service`} name="service" value={service} onChange={(e) => setService(e.target.value)}>
            {services.map((option) => (
              <option key={option} value={option}>
                {strings.choices.services[option] ?? option}
              </option>
            ))}
          </select>
        </div>
        {(refusal ?? waitlist) && (
          <p
            className={`contact-form__notice contact-form__field--wide${refusal ? " contact-form__notice--refused" : ""}`}
            id={`${id}-books-notice`}
          >
            {refusal ?? waitlist}
          </p>
        )}
        {claim && (
          <Suspense fallback={null}>
            <ClaimedDesign claim={claim} onRemove={removeClaim} strings={contactFormStrings} />
          </Suspense>
        )}
        <div className="contact-form__field contact-form__field--wide">
          <label htmlFor={`${id}-message`}>{t.message}</label>
          <textarea {...field("message")} required rows={5} placeholder={t.messagePlaceholder} />
        </div>
        {/* After the message, folded: the form first reads as the spec draws it. */}
        {asksRequest && request && (
          <TattooRequestFields
            choices={request}
            answers={answers}
            onChange={setAnswers}
            minorsRule={minorsRule ?? null}
            open={detailsOpen}
            onToggle={setDetailsOpen}
            design={claim !== null}
          />
        )}
        <ReferenceImagesField
          id={`${id}-images`}
          images={images}
          // Said while there are images it may be about.
          error={images.items.length ? imagesError : null}
        />
      </div>

      {/* Spam trap (sent as `website`): off screen, inert (never focused, hidden from
          assistive technology) and named so that no browser or password manager fills it in. */}
      <div className="contact-form__trap" aria-hidden="true" inert>
        <label htmlFor={`${id}-trap`}>{t.trap}</label>
        <input ref={trap} id={`${id}-trap`} name="contact_hp" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button type="submit" className="contact-form__submit" disabled={sending}>
        {sending ? t.sending : t.send}
      </button>
      {/* A new tab: what the visitor typed stays here while they read. */}
      {policiesVersion && (
        <p className="contact-form__policies">
          {t.agree}{" "}
          <a href={`${basePath()}/policies`} target="_blank" rel="noopener">
            {t.policies}
            <span className="visually-hidden">{` ${t.newTab}`}</span>
          </a>
        </p>
      )}

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
    </form>
  );
}
