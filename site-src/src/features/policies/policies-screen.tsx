import { DocumentCard } from "../../components/document-card";
import { DocumentHero } from "../../components/document-hero";
import { langOf } from "../../lib/language";
import { useStrings } from "../../i18n/catalog";
import { policiesStrings } from "../../i18n/parts/policies";
import { useSiteData } from "../../lib/use-site-data";
import { usePolicies } from "./api/get-policies";
import "./policies.css";
import { AppLink } from "../../components/app-link";

// /policies: the studio's policies (content/policies.md, GET /api/policies), prerendered, then
// the same questions block as /aftercare. It wears the aftercare page's classes (every screen's
// CSS is in the one main stylesheet, site-src/build.mjs); policies.css adds only its own. The contact form links here ("By sending, you agree to
// our policies") and sends the version the visitor was shown.

export default function PoliciesScreen() {
  const { phone, phoneHref } = useSiteData();
  const { data } = usePolicies();
  const t = useStrings(policiesStrings);

  return (
    <main className="aftercare policies">
      <DocumentHero eyebrow={t.eyebrow} title={t.title} intro={t.intro} />

      <DocumentCard markdown={data?.markdown ?? ""} waiting={t.loading} lang={langOf(data, "markdown")} />

      <section className="aftercare-questions policies-questions" aria-labelledby="policies-questions-title" data-aos="fade-up">
        <h2 id="policies-questions-title" className="aftercare-questions__title">
          {t.questions}
        </h2>
        <p className="aftercare-questions__text">{t.questionsText}</p>
        <div className="aftercare-questions__actions">
          <AppLink to="/#contact" className="aftercare-button aftercare-button--solid">
            {t.contactUs}
          </AppLink>
          <a href={phoneHref} className="aftercare-button aftercare-button--outline">
            {t.call(phone)}
          </a>
        </div>
      </section>
    </main>
  );
}
