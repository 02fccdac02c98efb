import { DocumentHero } from "../../components/document-hero";
import { useStrings } from "../../i18n/catalog";
import { aftercareStrings } from "../../i18n/parts/aftercare";
import { useSiteData } from "../../lib/use-site-data";
import { useAftercare } from "./api/get-aftercare";
import { langOf } from "../../lib/language";
import { AftercareCard } from "./aftercare-card";
import "./aftercare.css";
import { AppLink } from "../../components/app-link";

// /aftercare (docs/product.md#aftercare): heading, intro, the two markdown cards ('Loading
// content...' until their content exists), then the questions block with Contact Us and a call
// button.

export default function AftercareScreen() {
  const { phone, phoneHref } = useSiteData();
  const { data } = useAftercare();
  const t = useStrings(aftercareStrings);

  return (
    <main className="aftercare">
      <DocumentHero eyebrow={t.eyebrow} title={t.title} intro={t.intro} />

      {/* The guides' headings are level 4 (the specification): a hidden h2 and the cards'
          h3 titles lead to them, so the outline has no gap. */}
      <section className="aftercare__cards" aria-labelledby="aftercare-guides-title">
        <h2 id="aftercare-guides-title" className="visually-hidden">
          {t.guides}
        </h2>
        <AftercareCard guide="tattoo" content={data?.tattoo ?? ""} lang={langOf(data, "tattoo")} />
        <AftercareCard guide="piercing" content={data?.piercing ?? ""} lang={langOf(data, "piercing")} />
      </section>

      <section className="aftercare-questions" aria-labelledby="aftercare-questions-title" data-aos="fade-up">
        <h2 id="aftercare-questions-title" className="aftercare-questions__title">
          {t.questions}
        </h2>
        <p className="aftercare-questions__text">{t.questionsText}</p>
        <div className="aftercare-questions__actions">
          <AppLink to="/#contact" className="aftercare-button aftercare-button--solid">
            {t.contactUs}
          </AppLink>
          <a href={phoneHref} className="aftercare-button aftercare-button--outline">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="aftercare-button__icon">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
              />
            </svg>
            <span>{t.call(phone)}</span>
          </a>
        </div>
      </section>
    </main>
  );
}
