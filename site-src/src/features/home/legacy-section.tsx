import { emphasis } from "../../components/emphasis";
import { ResponsiveImage } from "../../components/responsive-image";
import { SectionHeading } from "../../components/section-heading";
import { useStrings } from "../../i18n/catalog";
import { useSiteData } from "../../lib/use-site-data";
import "./legacy-section.css";
import { curlyQuotes } from "../../lib/curly-quotes";
import { langOf } from "../../lib/language";

/** Stats, the timeline, the founder's memorial and our philosophy (docs/product.md#home). */
export function LegacySection() {
  const { stats, timeline, memorial, values } = useSiteData();
  const t = useStrings().home.legacy;
  return (
    <section id="legacy" className="section legacy" aria-labelledby="legacy-heading">
      <div className="container">
        <SectionHeading
          id="legacy-heading"
          eyebrow={t.eyebrow}
          title={emphasis(t.title)}
        >
          <p>{t.lede}</p>
        </SectionHeading>

        <dl className="legacy__stats">
          {stats.legacy.map((stat, index) => (
            <div key={stat.label} className="legacy__stat" data-aos="fade-up" data-aos-delay={100 + index * 120}>
              <dt className="legacy__stat-label" lang={langOf(stat, "label")}>
                {stat.label}
              </dt>
              <dd className="legacy__stat-value">{stat.value}</dd>
            </div>
          ))}
        </dl>

        <ol className="timeline" aria-label={t.timeline}>
          {timeline.map((entry, index) => (
            <li key={entry.period} className="timeline__entry" data-aos="fade-up" data-aos-delay={index * 100}>
              <p className="timeline__period" lang={langOf(entry, "period")}>
                {entry.period}
              </p>
              <div className="timeline__body">
                <h3 className="timeline__title" lang={langOf(entry, "title")}>
                  {entry.title}
                </h3>
                <p className="timeline__text" lang={langOf(entry, "text")}>
                  {entry.text}
                </p>
              </div>
            </li>
          ))}
        </ol>

        <article className="memorial" aria-labelledby="memorial-name" data-aos="fade-up">
          {memorial.image && (
            <div className="memorial__portrait">
              <ResponsiveImage
                image={memorial.image}
                alt={memorial.alt ?? t.portrait(memorial.name)}
                sizes="(min-width: 768px) 320px, 100vw"
                className="memorial__image"
              />
            </div>
          )}
          <div className="memorial__body">
            <p className="eyebrow">{t.inMemoriam}</p>
            <h3 id="memorial-name" className="memorial__name">
              {curlyQuotes(memorial.name)}
            </h3>
            {/* "(1970 – 2022)" on one line (legacy-section.css); a screen reader hears "1970 to 2022". */}
            <p className="memorial__years">
              <span aria-hidden="true">(</span>
              <time dateTime={String(memorial.born)}>{memorial.born}</time>
              <span aria-hidden="true">{" \u2013 "}</span>
              <span className="visually-hidden">{` ${t.yearsTo} `}</span>
              <time dateTime={String(memorial.died)}>{memorial.died}</time>
              <span aria-hidden="true">)</span>
            </p>
            <p className="memorial__text" lang={langOf(memorial, "text")}>
              {curlyQuotes(memorial.text)}
            </p>
          </div>
        </article>

        <div className="philosophy">
          <SectionHeading
            level={3}
            eyebrow={t.valuesEyebrow}
            title={t.values}
            align="center"
            className="philosophy__heading"
          />
          <ul className="philosophy__values">
            {values.map((value, index) => (
              <li key={value.title} className="value-card" data-aos="fade-up" data-aos-delay={index * 100}>
                <span className="value-card__index" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h4 className="value-card__title" lang={langOf(value, "title")}>
                  {value.title}
                </h4>
                <p className="value-card__text" lang={langOf(value, "text")}>
                  {value.text}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
