import { AftercareMarkdown } from "./aftercare-markdown";

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

export function AftercareCard({ id, title, eyebrow, content, delay }: CardProps) {
  return (
    <article className="aftercare-card" aria-labelledby={id} data-aos="fade-up" data-aos-delay={delay}>
      <p className="aftercare-card__eyebrow">{eyebrow}</p>
      <h3 id={id} className="aftercare-card__title">
        {title}
      </h3>
      {content ? (
        <AftercareMarkdown>{content}</AftercareMarkdown>
      ) : (
        <p className="aftercare-card__loading" role="status">
          Loading content...
        </p>
      )}
    </article>
  );
}
