import { AppLink } from "../../components/app-link";
import { DocumentHero } from "../../components/document-hero";
import { MarkdownDocument } from "../../components/markdown-document";
import { useStrings } from "../../i18n/catalog";
import { privacyStrings } from "../../i18n/parts/privacy";
import { langOf } from "../../lib/language";
import { useSiteData } from "../../lib/use-site-data";
import { usePrivacy } from "./api/get-privacy";

// /privacy: the studio's privacy notice (content/privacy.md, GET /api/privacy; docs/privacy.md),
// prerendered. It wears the policies page's classes (a document in one card, then the questions
// block: aftercare.css, policies.css); the contact form's line under Send links here.

// The page's title is its h1, so the editor's headings become sections (h2) and parts (h3, h4).
const HEADINGS = { min: 2, max: 4 } as const;

export default function PrivacyScreen() {
  const { email } = useSiteData();
  const { data } = usePrivacy();
  const t = useStrings(privacyStrings);
  const markdown = data?.markdown ?? "";

  return (
    <main className="aftercare policies privacy">
      <DocumentHero eyebrow={t.eyebrow} title={t.title} intro={t.intro} />

      <div className="aftercare-card policies-card" lang={langOf(data, "markdown")}>
        {markdown.trim() ? (
          <MarkdownDocument className="policies-md" headings={HEADINGS}>
            {markdown}
          </MarkdownDocument>
        ) : (
          <p className="aftercare-card__loading" role="status">
            {t.loading}
          </p>
        )}
      </div>

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
