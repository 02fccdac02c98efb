import { AppLink } from "../../components/app-link";
import { DocumentCard } from "../../components/document-card";
import { DocumentHero } from "../../components/document-hero";
import { useStrings } from "../../i18n/catalog";
import { privacyStrings } from "../../i18n/parts/privacy";
import { langOf } from "../../lib/language";
import { useSiteData } from "../../lib/use-site-data";
import { usePrivacy } from "./api/get-privacy";

// /privacy: the studio's privacy notice (content/privacy.md, GET /api/privacy; docs/privacy.md),
// prerendered. It wears the policies page's classes (a document in one card, then the questions
// block: aftercare.css, policies.css); the contact form's line under Send links here.

export default function PrivacyScreen() {
  const { email } = useSiteData();
  const { data } = usePrivacy();
  const t = useStrings(privacyStrings);

  return (
    <main className="aftercare policies privacy">
      <DocumentHero eyebrow={t.eyebrow} title={t.title} intro={t.intro} />

      <DocumentCard markdown={data?.markdown ?? ""} waiting={t.loading} lang={langOf(data, "markdown")} />

      <section className="aftercare-questions policies-questions" aria-labelledby="privacy-questions-title" data-aos="fade-up">
        <h2 id="privacy-questions-title" className="aftercare-questions__title">
          {t.questions}
        </h2>
        <p className="aftercare-questions__text">{t.questionsText}</p>
        <div className="aftercare-questions__actions">
          <a href={`mailto:${email}`} className="aftercare-button aftercare-button--solid">
            {t.write}
          </a>
          <AppLink to="/#contact" className="aftercare-button aftercare-button--outline">
            {t.contactUs}
          </AppLink>
        </div>
      </section>
    </main>
  );
}
