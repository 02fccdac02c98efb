import { lazy, Suspense } from "react";
import { OpeningHours } from "../../components/opening-hours";
import { getSiteData } from "../../lib/site-data";
import "./contact-section.css";

// The form's code (with its reference images: preparing, uploading) is a chunk of its own, so
// it never weighs on the home page's first load (docs/architecture.md#performance-budget). A
// prerendered page keeps the form's HTML until the chunk arrives, and React hydrates it then.
const ContactForm = lazy(() => import("./contact-form").then((module) => ({ default: module.ContactForm })));

/** The studio's hours, phone, email and address (content/site.yaml), beside the form. */
function StudioDetails() {
  const site = getSiteData();
  const { address } = site;
  return (
    <div className="contact-details">
      <div className="contact-details__block">
        <h3>Hours</h3>
        <OpeningHours listClassName="contact-details__hours" noteClassName="contact-details__note" />
      </div>
      <address className="contact-details__block contact-details__reach">
        <div>
          <h3>Call</h3>
          <a href={site.phoneHref}>{site.phone}</a>
        </div>
        <div>
          <h3>Email</h3>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </div>
        <div>
          <h3>Studio</h3>
          <p>
            {address.street}
            <br />
            {address.city}, {address.region} {address.postal_code}
          </p>
          {address.map_url && (
            <a className="contact-details__map" href={address.map_url} target="_blank" rel="noopener noreferrer">
              Get directions
            </a>
          )}
        </div>
      </address>
    </div>
  );
}

export function ContactSection() {
  return (
    // tabIndex -1: the artist cards' contact buttons move focus here after scrolling.
    <section id="contact" className="contact" aria-labelledby="contact-heading" tabIndex={-1}>
      <div className="contact__inner">
        <header className="contact__header" data-aos="fade-up">
          <p className="contact__kicker">Contact</p>
          <h2 id="contact-heading" className="contact__title">
            Get in Touch
          </h2>
          <p className="contact__lead">Tell us about your idea and we will plan it with you.</p>
        </header>
        <div className="contact__layout">
          <div className="contact__form" data-aos="fade-up" data-aos-delay="100">
            <Suspense fallback={null}>
              <ContactForm />
            </Suspense>
          </div>
          <aside className="contact__aside" aria-label="Studio hours and contact details" data-aos="fade-up">
            <StudioDetails />
          </aside>
        </div>
      </div>
    </section>
  );
}
