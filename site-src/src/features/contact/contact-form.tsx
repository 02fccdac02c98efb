import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useArtists, useSelectedArtist } from "../../lib/artists-store";
import { getSiteData } from "../../lib/site-data";
import { sendContact } from "./send-contact";

type Fields = { name: string; email: string; phone: string; message: string };
const EMPTY: Fields = { name: "", email: "", phone: "", message: "" };

type Status =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "sent"; message: string }
  | { state: "failed"; error: string };

/** The artist choices: the list once loaded, else one line saying why there is none yet. */
function ArtistOptions({ noArtist }: { noArtist: string }) {
  const { data: artists = [], error, isLoading } = useArtists();
  if (isLoading) return <option value={noArtist}>Loading artists...</option>;
  if (error) return <option value={noArtist}>Unable to load artists</option>;
  return (
    <>
      <option value={noArtist}>No Preference</option>
      {artists.map((artist) => (
        <option key={artist.slug} value={artist.slug}>
          {artist.name}
        </option>
      ))}
    </>
  );
}

export function ContactForm() {
  // The choices the contact function accepts, the first service the default (functions/contact/choices.json).
  const { services, noArtist } = getSiteData();
  const { error, isLoading } = useArtists();
  const [artistSlug, setArtistSlug] = useSelectedArtist();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [service, setService] = useState(services[0]);
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const trap = useRef<HTMLInputElement>(null);
  const shownAt = useRef(0);
  const id = useId();

  // The fill time counts from the form's first render (a person needs seconds; a robot does not).
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  const field = (key: keyof Fields) => ({
    id: `${id}-${key}`,
    name: key,
    value: fields[key],
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: event.target.value })),
  });

  const sending = status.state === "sending";
  const artistsUnavailable = isLoading || error !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setStatus({ state: "sending" });
    const result = await sendContact(
      { ...fields, artist: artistsUnavailable ? noArtist : artistSlug, service },
      { website: trap.current?.value ?? "", elapsed_ms: Math.max(0, Math.round(performance.now() - shownAt.current)) },
    );
    if (result.ok) {
      setFields(EMPTY);
      setService(services[0]);
      setArtistSlug(noArtist);
      if (trap.current) trap.current.value = "";
      setStatus({ state: "sent", message: result.message });
    } else {
      // Everything typed stays in place so the visitor can simply try again.
      setStatus({ state: "failed", error: result.error });
    }
  }

  return (
    <form className="contact-form" onSubmit={submit} aria-labelledby="contact-heading">
      <div className="contact-form__grid">
        <div className="contact-form__field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input {...field("name")} type="text" autoComplete="name" required placeholder="Your full name" />
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input {...field("email")} type="email" autoComplete="email" required placeholder="you@example.com" />
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-phone`}>
            Phone <span className="contact-form__optional">(optional)</span>
          </label>
          <input {...field("phone")} type="tel" autoComplete="tel" placeholder="Best number to reach you" />
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-artist`}>Artist</label>
          <select
            id={`${id}-artist`}
            name="artist"
            value={artistsUnavailable ? noArtist : artistSlug}
            onChange={(event) => setArtistSlug(event.target.value)}
            disabled={artistsUnavailable}
          >
            <ArtistOptions noArtist={noArtist} />
          </select>
        </div>
        <div className="contact-form__field contact-form__field--wide">
          <label htmlFor={`${id}-service`}>Service</label>
          <select id={`${id}-service`} name="service" value={service} onChange={(e) => setService(e.target.value)}>
            {services.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div className="contact-form__field contact-form__field--wide">
          <label htmlFor={`${id}-message`}>Tell us about your idea</label>
          <textarea
            {...field("message")}
            required
            rows={5}
            placeholder="Placement, size, style, references, and when you would like to come in."
          />
        </div>
      </div>

      {/* Spam trap: invisible, unreachable by keyboard and hidden from assistive technology. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input ref={trap} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button type="submit" className="contact-form__submit" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </button>

      <div className="contact-form__outcome" role="status">
        {status.state === "sent" && <p className="contact-form__message contact-form__message--sent">{status.message}</p>}
      </div>
      {status.state === "failed" && (
        <p className="contact-form__message contact-form__message--failed" role="alert">
          {status.error}
        </p>
      )}
    </form>
  );
}
