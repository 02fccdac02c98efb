import { emphasis } from "../../components/emphasis";
import { SectionHeading } from "../../components/section-heading";
import { useStrings } from "../../i18n/catalog";
import "./brand-section.css";

/** Where Artistry Meets Precision, with three highlights (docs/product.md#home). */
export function BrandSection() {
  const t = useStrings().home.brand;
  return (
    <section id="brand" className="section brand" aria-labelledby="brand-heading">
      <div className="container brand__grid">
        <SectionHeading
          id="brand-heading"
          eyebrow={t.eyebrow}
          title={emphasis(t.title)}
        >
          <p>{t.lede}</p>
        </SectionHeading>
        <ul className="brand__highlights">
          {t.highlights.map((item, index) => (
            <li key={item.label} className="brand__highlight" data-aos="fade-up" data-aos-delay={200 + index * 120}>
              <p className="brand__label">{item.label}</p>
              <p className="brand__value">{item.value}</p>
              <p className="brand__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
