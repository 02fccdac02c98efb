// The contact form's own fields (contact-form.tsx): who the visitor is, the artist and the service
// they ask for (with what the artist's books say of it), and the message. The form holds their
// values; these draw them. Each field is one child of the form's grid, as before the split: the
// ids React makes for what follows (the tattoo request's) depend on the place in that list.
import { useState } from "react";
import { useStrings } from "../../i18n/catalog";
import type { ContactFormStrings } from "../../i18n/parts/contact-form";
import type { Artist } from "../../lib/api-types";
import { useArtists } from "../../lib/artists-store";
import { booksLabel } from "../../lib/books";

type FormStrings = ContactFormStrings["form"];

export type Fields = { name: string; email: string; phone: string; message: string };
export const EMPTY_FIELDS: Fields = { name: "", email: "", phone: "", message: "" };

/** The props that bind a text control to its field of the form's state. */
type BindField = (key: keyof Fields) => {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
};

/** What the visitor typed, and the props of each control (ids from the form's `id`). */
export function useFields(id: string) {
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const bind: BindField = (key) => ({
    id: `${id}-${key}`,
    name: key,
    value: fields[key],
    onChange: (event) => setFields((f) => ({ ...f, [key]: event.target.value })),
  });
  return { fields, setFields, bind };
}

type TextProps = { id: string; bind: BindField; t: FormStrings };

export function NameField({ id, bind, t }: TextProps) {
  return (
    <div className="contact-form__field">
      <label htmlFor={`${id}-name`}>{t.name}</label>
      <input {...bind("name")} type="text" autoComplete="name" required placeholder={t.namePlaceholder} />
    </div>
  );
}

export function EmailField({ id, bind, t }: TextProps) {
  return (
    <div className="contact-form__field">
      <label htmlFor={`${id}-email`}>{t.email}</label>
      <input {...bind("email")} type="email" autoComplete="email" required placeholder={t.emailPlaceholder} />
    </div>
  );
}

export function PhoneField({ id, bind, t }: TextProps) {
  return (
    <div className="contact-form__field">
      <label htmlFor={`${id}-phone`}>
        {`${t.phone} `}
        <span className="contact-form__optional">{t.optional}</span>
      </label>
      <input {...bind("phone")} type="tel" autoComplete="tel" placeholder={t.phonePlaceholder} />
    </div>
  );
}

/** The message, after the artist, the service and a claimed design. */
export function MessageField({ id, bind, t }: TextProps) {
  return (
    <div className="contact-form__field contact-form__field--wide">
      <label htmlFor={`${id}-message`}>{t.message}</label>
      <textarea {...bind("message")} required rows={5} placeholder={t.messagePlaceholder} />
    </div>
  );
}

type Picked = { artist: Artist | undefined; unavailable: boolean };

/**
 * The artist picked, once the list has loaded (`unavailable` while it loads or if it failed: the
 * form then sends no preference).
 */
export function usePickedArtist(artistSlug: string): Picked {
  const { data: artists, error, isLoading } = useArtists();
  const unavailable = isLoading || error !== null;
  return { artist: unavailable ? undefined : artists?.find((a) => a.slug === artistSlug), unavailable };
}

/**
 * What the picked artist's books make of a consultation: `refusal` when they are closed (the form
 * will not send it), `waitlist` when it joins their waitlist.
 */
export function booksNotices({ artist }: Picked, consultation: boolean, t: FormStrings) {
  const refusal = artist?.books === "closed" && consultation ? t.closedBooks(artist.name, artist.books_note) : null;
  const waitlist = artist?.books === "waitlist" && consultation ? t.waitlist(artist.name, artist.books_note) : null;
  return { refusal, waitlist };
}

/** The artist choices: the list once loaded, else one line saying why there is none yet. */
function ArtistOptions({ noArtist, t }: { noArtist: string; t: FormStrings }) {
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

type ArtistProps = {
  id: string;
  t: FormStrings;
  noArtist: string;
  artistSlug: string;
  picked: Picked;
  onArtist: (slug: string) => void;
};

/** The artist, and their books when they are not simply open. */
export function ArtistField({ id, t, noArtist, artistSlug, picked, onArtist }: ArtistProps) {
  const booksLabels = useStrings().books;
  const { artist, unavailable } = picked;
  const books = artist && booksLabel(artist, booksLabels);
  return (
    <div className="contact-form__field">
      <label htmlFor={`${id}-artist`}>{t.artist}</label>
      <select
        id={`${id}-artist`}
        name="artist"
        value={unavailable ? noArtist : artistSlug}
        onChange={(event) => onArtist(event.target.value)}
        disabled={unavailable}
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
  );
}

type ServiceProps = {
  id: string;
  strings: ContactFormStrings;
  services: string[];
  service: string;
  onService: (service: string) => void;
};

export function ServiceField({ id, strings, services, service, onService }: ServiceProps) {
  return (
    <div className="contact-form__field contact-form__field--wide">
      <label htmlFor={`${id}-service`}>{strings.form.service}</label>
      <select id={`${id}-service`} name="service" value={service} onChange={(e) => onService(e.target.value)}>
        {services.map((option) => (
          <option key={option} value={option}>
            {strings.choices.services[option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Why the form will not send this (closed books), or what it becomes (a waitlist); else nothing. */
export function BooksNotice({ id, refusal, waitlist }: { id: string; refusal: string | null; waitlist: string | null }) {
  if (!(refusal ?? waitlist)) return null;
  return (
    <p
      className={`contact-form__notice contact-form__field--wide${refusal ? " contact-form__notice--refused" : ""}`}
      id={`${id}-books-notice`}
    >
      {refusal ?? waitlist}
    </p>
  );
}
