// The contact form's own fields (features/contact/contact-form.tsx): who the visitor is, the
// artist and the service they ask for (with what the artist's books say of it), and the message.
// The form holds their values; these draw them.
import { useStrings } from "../../i18n/catalog";
import type { ContactFormStrings } from "../../i18n/parts/contact-form";
import type { Artist } from "../../lib/api-types";
import { useArtists } from "../../lib/artists-store";
import { booksLabel } from "../../lib/books";

type FormStrings = ContactFormStrings["form"];

export type Fields = { name: string; email: string; phone: string; message: string };
export const EMPTY_FIELDS: Fields = { name: "", email: "", phone: "", message: "" };

/** The props that bind a text control to its field of the form's state. */
export type BindField = (key: keyof Fields) => {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
};

/** Name, email and phone. */
export function PersonFields({ id, bind, t }: { id: string; bind: BindField; t: FormStrings }) {
  return (
    <>
      <div className="contact-form__field">
        <label htmlFor={`${id}-name`}>{t.name}</label>
        <input {...bind("name")} type="text" autoComplete="name" required placeholder={t.namePlaceholder} />
      </div>
      <div className="contact-form__field">
        <label htmlFor={`${id}-email`}>{t.email}</label>
        <input {...bind("email")} type="email" autoComplete="email" required placeholder={t.emailPlaceholder} />
      </div>
      <div className="contact-form__field">
        <label htmlFor={`${id}-phone`}>
          {`${t.phone} `}
          <span className="contact-form__optional">{t.optional}</span>
        </label>
        <input {...bind("phone")} type="tel" autoComplete="tel" placeholder={t.phonePlaceholder} />
      </div>
    </>
  );
}

/** The message, after the artist, the service and a claimed design. */
export function MessageField({ id, bind, t }: { id: string; bind: BindField; t: FormStrings }) {
  return (
    <div className="contact-form__field contact-form__field--wide">
      <label htmlFor={`${id}-message`}>{t.message}</label>
      <textarea {...bind("message")} required rows={5} placeholder={t.messagePlaceholder} />
    </div>
  );
}

/**
 * The artist picked, once the list has loaded (`unavailable` while it loads or if it failed: the
 * form then sends no preference).
 */
export function usePickedArtist(artistSlug: string): { artist: Artist | undefined; unavailable: boolean } {
  const { data: artists, error, isLoading } = useArtists();
  const unavailable = isLoading || error !== null;
  return { artist: unavailable ? undefined : artists?.find((a) => a.slug === artistSlug), unavailable };
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

type ChoiceProps = {
  id: string;
  strings: ContactFormStrings;
  noArtist: string;
  artistSlug: string;
  onArtist: (slug: string) => void;
  picked: { artist: Artist | undefined; unavailable: boolean };
  services: string[];
  service: string;
  onService: (service: string) => void;
  /** Why the form will not send this (closed books), or what it becomes (a waitlist). */
  refusal: string | null;
  waitlist: string | null;
};

/** The artist (and their books when they are not simply open), the service, and the books' notice. */
export function ChoiceFields({ id, strings, noArtist, artistSlug, onArtist, picked, services, service, onService, refusal, waitlist }: ChoiceProps) {
  const t = strings.form;
  const booksLabels = useStrings().books;
  const { artist, unavailable } = picked;
  const books = artist && booksLabel(artist, booksLabels);
  return (
    <>
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
      <div className="contact-form__field contact-form__field--wide">
        <label htmlFor={`${id}-service`}>{t.service}</label>
        <select id={`${id}-service`} name="service" value={service} onChange={(e) => onService(e.target.value)}>
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
    </>
  );
}
