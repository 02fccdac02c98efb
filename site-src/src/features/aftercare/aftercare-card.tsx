import remarkBreaks from "remark-breaks";
import { MarkdownDocument } from "../../components/markdown-document";
import { useStrings } from "../../i18n/catalog";
import { aftercareStrings } from "../../i18n/parts/aftercare";

// One guide of /aftercare (docs/product.md#aftercare): eyebrow, title, then the markdown, or
// 'Loading content...' until there is some. The admin's preview shows the same card
// (app/admin-previews.tsx).

/** The two guides in page order, by their file in content/aftercare/ (tattoo.md, piercing.md); titles: the catalog's. */
export const AFTERCARE_GUIDES = {
  tattoo: { id: "aftercare-tattoo", eyebrow: "01", delay: 100 },
  piercing: { id: "aftercare-piercing", eyebrow: "02", delay: 200 },
} as const;

export type AftercareGuide = keyof typeof AFTERCARE_GUIDES;

// Editors write aftercare/*.md: every line break is kept (remark-breaks), and every heading is
// shown at level 4, as the specification asks, right under the card's own title (h3, under the
// page's hidden "The guides" h2), whatever level the editor typed (docs/product.md#aftercare).
const HEADINGS = { min: 4, max: 4 } as const;
const LINE_BREAKS = [remarkBreaks];

/** `lang`: "en" when a Spanish page shows the English guide (lib/language.ts `langOf`). */
export function AftercareCard({ guide, content, lang }: { guide: AftercareGuide; content: string; lang?: string }) {
  const t = useStrings(aftercareStrings);
  const { id, eyebrow, delay } = AFTERCARE_GUIDES[guide];
  return (
    <article className="aftercare-card" aria-labelledby={id} data-aos="fade-up" data-aos-delay={delay}>
      <p className="aftercare-card__eyebrow">{eyebrow}</p>
      <h3 id={id} className="aftercare-card__title">
        {t[guide]}
      </h3>
      {content ? (
        <MarkdownDocument className="aftercare-md" headings={HEADINGS} remarkPlugins={LINE_BREAKS} lang={lang}>
          {content}
        </MarkdownDocument>
      ) : (
        <p className="aftercare-card__loading" role="status">
          {t.loading}
        </p>
      )}
    </article>
  );
}
