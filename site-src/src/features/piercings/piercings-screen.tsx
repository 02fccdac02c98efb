import type { ReactNode } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "../../components/responsive-image";
import { getSiteData } from "../../lib/site-data";
import { PiercingHero } from "./piercing-hero";
import { PIERCING_SERVICES } from "./piercing-services";
import "./piercings.css";

// /piercings (docs/product.md#piercings): video hero, Our Services (four cards), Book Your
// Piercing, Premium Jewelry Partners (logos from site.yaml), then the shared contact section
// the app passes in.

export default function PiercingsScreen({ children }: { children?: ReactNode }) {
  const { media, brands } = getSiteData();

  return (
    <main className="piercings">
      <PiercingHero video={media.piercing} />

      <section className="piercing-services" aria-labelledby="piercing-services-title">
        <div className="piercing-section-head">
          <p className="piercing-eyebrow" data-aos="fade-up">
            What we offer
          </p>
          <h2 id="piercing-services-title" className="piercing-section-title" data-aos="fade-up">
            Our Services
          </h2>
        </div>
        <div className="piercing-services__grid">
          {PIERCING_SERVICES.map((service, index) => (
            <article
              key={service.id}
              className="piercing-card"
              aria-labelledby={`piercing-service-${service.id}`}
              data-aos="fade-up"
              data-aos-delay={100 + index * 100}
            >
              <span className="piercing-card__number" aria-hidden="true">
                0{index + 1}
              </span>
              <h3 id={`piercing-service-${service.id}`} className="piercing-card__title">
                {service.title}
              </h3>
              <ul className="piercing-card__list">
                {service.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <div className="piercing-services__cta" data-aos="fade-up">
          <Link to={{ hash: "#contact" }} className="piercing-button">
            Book Your Piercing
          </Link>
        </div>
      </section>

      {brands.length > 0 && (
        <section className="piercing-partners" aria-labelledby="piercing-partners-title">
          <div className="piercing-section-head">
            <p className="piercing-eyebrow" data-aos="fade-up">
              Only the best metals
            </p>
            <h2 id="piercing-partners-title" className="piercing-section-title" data-aos="fade-up">
              Premium Jewelry Partners
            </h2>
          </div>
          <ul className="piercing-partners__list">
            {brands.map((brand, index) => {
              const logo = (
                <ResponsiveImage
                  image={brand.image}
                  alt={brand.alt ?? brand.name}
                  sizes="(min-width: 1024px) 220px, (min-width: 768px) 22vw, 40vw"
                  className="piercing-partners__logo"
                />
              );
              return (
                <li
                  key={brand.name}
                  className="piercing-partners__item"
                  data-aos="fade-up"
                  data-aos-delay={100 + index * 100}
                >
                  {brand.url ? (
                    <a href={brand.url} target="_blank" rel="noopener noreferrer" className="piercing-partners__link">
                      {logo}
                    </a>
                  ) : (
                    logo
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {children}
    </main>
  );
}
