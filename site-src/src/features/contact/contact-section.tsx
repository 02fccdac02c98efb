import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { OpeningHours } from "../../components/opening-hours";
import { useHydrated } from "../../hooks/use-hydrated";
import { useInvalidFieldsInView } from "../../hooks/use-invalid-fields-in-view";
import { useNearViewport } from "../../hooks/use-near-viewport";
import { useStrings } from "../../i18n/catalog";
import { whenClaimed } from "../../lib/flash-claim";
import { useSiteData } from "../../lib/use-site-data";
import "./contact-section.css";

// The form's code (with its reference images: preparing, uploading) is a chunk of its own,
// fetched only when the section comes within a screen of the window or the visitor reaches into
// it (focus, a pointer, a key: an artist's contact button focuses the section): a visitor who
// never goes near the form never downloads it (docs/architecture.md#performance-budget). A
// prerendered page keeps the form's HTML until the chunk arrives, and React hydrates it then; what
// was typed meanwhile stays, and the form takes it over, a Send included.
//
// Until then the form is a part of the page React has not hydrated, and React holds back any
// navigation in the app (a transition: a menu entry, a dot) that reaches it until it can hydrate
// it. So a navigation asks for the form too: the section sees the new location while React renders
// it, and the navigation waits for the form's code at most, never for the visitor to scroll.
//
// A navigation to the form itself (#contact: "Claim this design" from /flash, an artist's contact
// button, "Book Your Piercing") asks for the code as the section mounts, not once the glide comes
// near: the section of a page the app has just rendered holds no prerendered form, so the form
// would be missing (its place black) until its code came, after the glide had arrived. And the
// section then shows at once instead of fading in as it comes into view: the visitor asked for it,
// and a second of black where it fades in read as a page that failed.
let wantForm = () => {};
const formWanted = new Promise<void>((resolve) => {
  wantForm = resolve;
});
// What the visitor did to the prerendered form before its code came, for the form to take over
// when it comes to life: when they first touched it (its fill time counts from there), and
// whether they asked to send it (the browser checked the fields; the page held the post back).
const early = { touchedAt: null as number | null, sendAsked: false, alive: false };
const beforeCode = () => {
  early.alive = true;
  return { touchedAt: early.touchedAt, sendAsked: early.sendAsked };
};
/** Ask for the form's code now (tests: a page whose visitor has reached the form). */
export function wantContactForm(): void {
  wantForm();
}

// Fetched as soon as it is wanted, whether the section is on the page yet or not (a claim asks for
// it on the Flash screen, before the home page and its section are there: lib/flash-claim.ts).
const formCode = formWanted.then(() => import("./contact-form"));
const ContactForm = lazy(() =>
  // The prerenderer renders the form at once, into the page's HTML.
  (typeof document === "undefined" ? import("./contact-form") : formCode).then((module) => ({
    default: module.ContactForm,
  })),
);
whenClaimed(wantContactForm);

/** The studio's hours, phone, email and address (content/site.yaml), beside the form. */
function StudioDetails() {
  const site = useSiteData();
  const t = useStrings().contact;
  const { address } = site;
  return (
    <div className="contact-details">
      <div className="contact-details__block">
        <h3>{t.hours}</h3>
        <OpeningHours listClassName="contact-details__hours" noteClassName="contact-details__note" />
      </div>
      {/* An address may not hold headings (HTML): each way to reach the studio is its own,
          under its heading. */}
      <div className="contact-details__block contact-details__reach">
        <div>
          <h3>{t.call}</h3>
          <address>
            <a href={site.phoneHref}>{site.phone}</a>
          </address>
        </div>
        <div>
          <h3>{t.email}</h3>
          <address>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </address>
        </div>
        <div>
          <h3>{t.studio}</h3>
          <address>
            <p>
              {address.street}
              <br />
              {address.city}, {address.region} {address.postal_code}
            </p>
            {address.map_url && (
              <a className="contact-details__map" href={address.map_url} target="_blank" rel="noopener noreferrer">
                {t.directions}
              </a>
            )}
          </address>
        </div>
      </div>
    </div>
  );
}

export function ContactSection() {
  const section = useRef<HTMLElement>(null);
  // Here, not in the form: a Send pressed before the form's code has come (the prerendered form,
  // checked by the browser) must keep its field clear of the header as well.
  useInvalidFieldsInView(section);
  const near = useNearViewport(section);
  const { key, hash } = useLocation();
  const t = useStrings().contact;
  const firstLocation = useRef(key);
  const aimedAt = hash === "#contact";
  if (key !== firstLocation.current || aimedAt) wantForm(); // a navigation: see above
  // Once the section was a navigation's target it stays shown (the hash is known after hydrating).
  const [shown, setShown] = useState(false);
  if (useHydrated() && aimedAt && !shown) setShown(true);
  const fade = shown ? undefined : "fade-up";
  // One element for the section's whole life: a new one, as every render of the section makes,
  // would reach the form while React has not hydrated it, and React would render the form afresh
  // instead (empty until its code is there, and what was typed in it gone).
  const form = useMemo(
    () => (
      <Suspense fallback={null}>
        <ContactForm beforeCode={beforeCode} />
      </Suspense>
    ),
    [],
  );
  useEffect(() => {
    if (near) wantForm();
  }, [near]);
  // The page's own events, caught on their way down at the document: React stops an event aimed
  // at a part it has not hydrated before it reaches anything in the page, and the form is such a
  // part until these have asked for its code.
  useEffect(() => {
    const element = section.current;
    if (!element) return;
    const reached = (event: Event) => {
      if (!(event.target instanceof Element) || !element.contains(event.target)) return;
      wantForm();
      if (early.alive || !event.target.closest("form")) return;
      early.touchedAt ??= performance.now();
      if (event.type === "submit") {
        event.preventDefault(); // a post of the form as a page: never, the form sends it
        early.sendAsked = true;
      }
    };
    const types = ["focusin", "pointerdown", "keydown", "input", "submit"];
    for (const type of types) document.addEventListener(type, reached, { capture: true });
    return () => {
      for (const type of types) document.removeEventListener(type, reached, { capture: true });
    };
  }, []);

  return (
    // tabIndex -1: the artist cards' contact buttons move focus here after scrolling.
    <section
      ref={section}
      id="contact"
      className="contact"
      aria-labelledby="contact-heading"
      tabIndex={-1}
    >
      <div className="contact__inner">
        <header className="contact__header" data-aos={fade}>
          <p className="contact__kicker">{t.kicker}</p>
          <h2 id="contact-heading" className="contact__title">
            {t.title}
          </h2>
          <p className="contact__lead">{t.lead}</p>
        </header>
        <div className="contact__layout">
          <div className="contact__form" data-aos={fade} data-aos-delay="100">
            {form}
          </div>
          <aside className="contact__aside" aria-label={t.details} data-aos={fade}>
            <StudioDetails />
          </aside>
        </div>
      </div>
    </section>
  );
}
