import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppLink } from "../../components/app-link";
import { useStrings } from "../../i18n/catalog";
import { consentStrings, type ConsentStrings } from "../../i18n/parts/consent";
import { basePath } from "../../lib/language";
import { STUDIO_TIME_ZONE } from "../../lib/rules";
import { checkLink, useConsentText } from "./api/consent-api";
import { ConsentForm, type Signed } from "./consent-form";
import { dateIn, type BookingFacts } from "./consent-rules";
import { forgetToken, takeToken } from "./link-token";
import "./consent.css";

// /consent and /es/consent (docs/consent.md, "The /consent page"): where the booking email's
// signed link leads. Prerendered like every page, out of the sitemap and the menu (routes.json
// `index`), in a chunk of its own. The prerendered page holds the form and the studio's text
// (api/consent.json); once the app runs, the page takes the token out of the address, asks the
// function whether the link can be signed (and whether the booking is a tattoo: the minors'
// rule needs it), and hides the form with the function's words when it cannot be.

type Link =
  /** Before the page has read its address (the prerendered page, the first render). */
  | { state: "reading" }
  | { state: "open"; token: string; facts: BookingFacts; timeZone: string }
  | { state: "refused"; error: string }
  | { state: "signed"; signed: Signed; timeZone: string };

const UNKNOWN = (timeZone: string): BookingFacts => ({ tattoo: null, minorsCoverUps: false, today: dateIn(timeZone) });

export default function ConsentScreen() {
  const t = useStrings(consentStrings);
  const { data, error } = useConsentText();
  const [link, setLink] = useState<Link>({ state: "reading" });
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const token = takeToken();
    // The router's idea of the address loses the token too: the language switch builds its
    // link from it, and the token must not come back into the page that way.
    if (/(^|[?&#])t=/.test(location.search + location.hash)) {
      const { search, hash } = window.location;
      navigate({ pathname: location.pathname, search, hash }, { replace: true });
    }
    if (!token) {
      setLink({ state: "refused", error: t.noLink });
      return;
    }
    let live = true;
    // Until the function answers, the studio's default zone; the function decides on Send anyway.
    setLink({ state: "open", token, facts: UNKNOWN(STUDIO_TIME_ZONE), timeZone: STUDIO_TIME_ZONE });
    void checkLink(token).then((answer) => {
      if (!live) return;
      if (answer.kind === "link") {
        forgetToken();
        setLink({ state: "refused", error: answer.error });
      } else if (answer.kind === "open") {
        const timeZone = answer.timeZone ?? STUDIO_TIME_ZONE;
        const facts = { tattoo: answer.tattoo, minorsCoverUps: answer.minorsCoverUps, today: answer.today ?? dateIn(timeZone) };
        setLink({ state: "open", token, facts, timeZone });
      }
      // Unreachable or unreadable: the form stays, and Send says what the function says then.
    });
    return () => {
      live = false;
    };
  }, []);

  const showForm = (link.state === "reading" || link.state === "open") && !error;
  return (
    <main className="aftercare deposit consent" aria-busy={link.state === "reading" || undefined}>
      <header className="aftercare__hero">
        <p className="aftercare__eyebrow">{link.state === "signed" ? t.done.eyebrow : t.eyebrow}</p>
        <h1 id="consent-title" className="aftercare__title">
          {t.title}
        </h1>
        {link.state !== "signed" && <p className="aftercare__intro">{t.intro}</p>}
      </header>

      {link.state === "refused" && <Refused t={t} error={link.error} />}
      {error && link.state !== "refused" && link.state !== "signed" && <Refused t={t} error={t.loadFailed} />}
      {link.state === "signed" && <Done t={t} signed={link.signed} timeZone={link.timeZone} />}
      {showForm &&
        (data ? (
          <ConsentForm
            token={link.state === "open" ? link.token : ""}
            intro={data.intro}
            sections={data.sections}
            facts={link.state === "open" ? link.facts : UNKNOWN(STUDIO_TIME_ZONE)}
            onLinkRefused={(error) => {
              forgetToken();
              setLink({ state: "refused", error });
            }}
            onSigned={(signed) => {
              forgetToken();
              setLink({ state: "signed", signed, timeZone: link.state === "open" ? link.timeZone : STUDIO_TIME_ZONE });
              window.scrollTo({ top: 0 });
            }}
          />
        ) : (
          <p className="aftercare-card__loading consent-loading" role="status">
            {t.loading}
          </p>
        ))}
    </main>
  );
}

/** The link cannot be used: the function's words (or the page's, without a token), no form. */
function Refused({ t, error }: { t: ConsentStrings; error: string }) {
  return (
    <section className="deposit-card consent-refused">
      <p className="contact-form__message contact-form__message--failed" role="alert">
        {error}
      </p>
      <p className="deposit-card__home">
        <AppLink to="/">{t.done.home}</AppLink>
      </p>
    </section>
  );
}

/** The moment of signing as the studio reads it: its date and time, in its zone. */
function moment(signedAt: string | null, timeZone: string, lang: string): string | null {
  if (!signedAt) return null;
  const when = new Date(signedAt);
  if (Number.isNaN(when.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  };
  try {
    return new Intl.DateTimeFormat(lang, { ...options, timeZone }).format(when);
  } catch {
    return new Intl.DateTimeFormat(lang, options).format(when);
  }
}

function Done({ t, signed, timeZone }: { t: ConsentStrings; signed: Signed; timeZone: string }) {
  const at = moment(signed.signedAt, timeZone, basePath() === "/es" ? "es" : "en");
  const steps = signed.minor ? [...t.done.next, t.done.minorNext] : t.done.next;
  return (
    <section className="deposit-card consent-done" aria-labelledby="consent-next-title">
      <div role="status">
        <p className="contact-form__message contact-form__message--sent">{signed.message ?? t.done.signed}</p>
        {at && (
          <p className="deposit-card__text consent-done__at">
            {t.done.at(at)}
          </p>
        )}
      </div>
      <h2 id="consent-next-title" className="deposit-card__title deposit-card__title--next">
        {t.done.nextTitle}
      </h2>
      <ol className="deposit-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="deposit-card__home">
        <AppLink to="/">{t.done.home}</AppLink>
      </p>
    </section>
  );
}
