import { AppLink } from "../../components/app-link";
import { emphasis } from "../../components/emphasis";
import { SectionHeading } from "../../components/section-heading";
import { useStrings } from "../../i18n/catalog";
import { useSiteData } from "../../lib/use-site-data";
import "./our-work-section.css";
import { langOf } from "../../lib/language";

/** The work in numbers and a way into the portfolio (docs/product.md#home). */
export function OurWorkSection() {
  const { stats } = useSiteData();
  const t = useStrings().home.ourWork;
  return (
    <section id="our-work" className="section our-work" aria-labelledby="our-work-heading">
      <div className="container">
        <SectionHeading
          id="our-work-heading"
          eyebrow={t.eyebrow}
          align="center"
          title={emphasis(t.title)}
        >
          <p>{t.lede}</p>
        </SectionHeading>
        <dl className="our-work__stats">
          {stats.work.map((stat, index) => (
            <div key={stat.label} className="our-work__stat" data-aos="fade-up" data-aos-delay={150 + index * 120}>
              <dt className="our-work__label" lang={langOf(stat, "label")}>
                {stat.label}
              </dt>
              <dd className="our-work__value">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div className="our-work__action" data-aos="fade-up" data-aos-delay="300">
          <AppLink to="/portfolio" className="btn">
            {t.portfolio}
          </AppLink>
        </div>
      </div>
    </section>
  );
}
