import { MarkdownDocument } from "./markdown-document";

// A document page's one card (/policies, /privacy; the admin's policies preview), with the
// classes the policies page wears: content/policies.md or content/privacy.md as the editor
// writes it. The page's title is its h1, so the editor's top headings become sections (h2), "###"
// their parts (h3) and anything deeper h4: the outline has no gap whatever levels were typed.
const HEADINGS = { min: 2, max: 4 } as const;

// The document in its card, or what stands in for it while there is none (the page: loading;
// the admin's preview: an empty file).
export function DocumentCard({ markdown, waiting, lang }: { markdown: string; waiting: string; lang?: string }) {
  return (
    <div className="aftercare-card policies-card" lang={lang}>
      {markdown.trim() ? (
        <MarkdownDocument className="policies-md" headings={HEADINGS}>
          {markdown}
        </MarkdownDocument>
      ) : (
        <p className="aftercare-card__loading" role="status">
          {waiting}
        </p>
      )}
    </div>
  );
}
