import type { ReactNode } from "react";
import { useHref, useLinkClickHandler } from "react-router";
import { useStrings } from "../../i18n/catalog";
import { piercingsStrings } from "../../i18n/parts/piercings";
import { useSiteData } from "../../lib/use-site-data";
import { PiercingHero } from "./piercing-hero";
import { PiercingPartners } from "./piercing-partners";
import { PiercingSectionHead } from "./piercing-section-head";
import { PIERCING_SERVICES } from "./piercing-services";
import "./piercings.css";

// /piercings (docs/product.md#piercings): video hero, Our Services (four cards), Book Your
// Piercing, Premium Jewelry Partners (logos from site.yaml), then the shared contact section
// the app passes in.

// "Book Your Piercing" asks the form for this service, in its navigation's state (the form picks
// it: features/contact/contact-form.tsx); one of functions/contact/choices.json's services.
const BOOK = { hash: "#contact" };
const BOOK_STATE = { service: "Piercing" };

export default function PiercingsScreen({ children }: { children?: ReactNode }) {
  const { media } = useSiteData();
  const t = useStrings(piercingsStrings);
  // AppLink's click handling, with the navigation's state.
  const bookHref = useHref(BOOK);
  const book = useLinkClickHandler<HTMLAnchorElement>(BOOK, { state: BOOK_STATE });

  return (
    <main className="piercings">
      <PiercingHero video={media.piercing} />

      <section className="piercing-services" aria-labelledby="piercing-services-title">
        <PiercingSectionHead id="piercing-services-title" eyebrow={t.services.eyebrow} title={t.services.title} />
        <div className="piercing-services__grid">
          {PIERCING_SERVICES.map((id, index) => (
            <article
              key={id}
              className="piercing-card"
              aria-labelledby={`piercing-service-${id}`}
              data-aos="fade-up"
              data-aos-delay={100 + index * 100}
            >
              <span className="piercing-card__number" aria-hidden="true">
                0{index + 1}
              </span>
              <h3 id={`piercing-service-${id}`} className="piercing-card__title">
                {t.services.cards[id].title}
              </h3>
              <ul className="piercing-card__list">
                {t.services.cards[id].items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <div className="piercing-services__cta" data-aos="fade-up">
          <a href={bookHref} onClick={book} className="piercing-button">
            {t.services.book}
          </a>
        </div>
      </section>

      <PiercingPartners />

      {children}
    </main>
  );
}
