import { ResponsiveImage } from "../../components/responsive-image";
import { useStrings } from "../../i18n/catalog";
import { piercingsStrings } from "../../i18n/parts/piercings";
import { useSiteData } from "../../lib/use-site-data";
import { PiercingSectionHead } from "./piercing-section-head";

/**
 * Premium Jewelry Partners (docs/product.md#piercings): the brands' logos from site.yaml, on the
 * piercings page and in the admin's preview of the studio facts; nothing without brands. Its
 * styles are in piercings.css, which the screen imports (one place in the stylesheet's order).
 */
export function PiercingPartners() {
  const { brands } = useSiteData();
  const t = useStrings(piercingsStrings);
  if (brands.length === 0) return null;
  return (
    <section className="piercing-partners" aria-labelledby="piercing-partners-title">
      <PiercingSectionHead id="piercing-partners-title" eyebrow={t.partners.eyebrow} title={t.partners.title} />
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
  );
}
