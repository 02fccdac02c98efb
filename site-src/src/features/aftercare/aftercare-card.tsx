import remarkBreaks from "remark-breaks";
import { MarkdownDocument } from "../../components/markdown-document";

// One guide of /aftercare (docs/product.md#aftercare): eyebrow, title, then the markdown, or
// 'Loading content...' until there is some. The admin's preview shows the same card
// (app/admin-previews.tsx).

type CardProps = { id: string; title: string; eyebrow: string; content: string; delay: number };

/** The two guides in page order, by their file in content/aftercare/ (tattoo.md, piercing.md). */
export const AFTERCARE_GUIDES = {
  tattoo: { id: "aftercare-tattoo", eyebrow: "01", title: "Tattoo Aftercare", delay: 100 },
  piercing: { id: "aftercare-piercing", eyebrow: "02", title: "Piercing Aftercare", delay: 200 },
} as const;

export type AftercareGuide = keyof typeof AFTERCARE_GUIDES;

// Editors write aftercare/*.md: every line break is kept (remark-breaks), and every heading is
// shown at level 4, as the specification asks, right under the card's own title (h3, under the
// page's hidden "The guides" h2), whatever level the editor typed (docs/product.md#aftercare).
const HEADINGS = { min: 4, max: 4 } as const;
const LINE_BREAKS = [remarkBreaks];

export function AftercareCard({ id, title, eyebrow, content, delay }: CardProps) {
  return (
    <article className="aftercare-card" aria-labelledby={id} data-aos="fade-up" data-aos-delay={delay}>
      <p className="aftercare-card__eyebrow">{eyebrow}</p>
      <h3 id={id} className="aftercare-card__title">
        {title}
      </h3>
      {content ? (
        <MarkdownDocument className="aftercare-md" headings={HEADINGS} remarkPlugins={LINE_BREAKS}>
          {content}
        </MarkdownDocument>
      ) : (
        <p className="aftercare-card__loading" role="status">
          Loading content...
        </p>
      )}
    </article>
  );
}
