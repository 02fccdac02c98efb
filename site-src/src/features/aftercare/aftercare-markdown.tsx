import type { ComponentPropsWithoutRef } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";

// Editors write aftercare/*.md. GitHub-flavoured markdown (tables, lists, strikethrough),
// every line break kept (remark-breaks), and every heading shown at level 4 so a card's own
// title stays the outline above it (docs/product.md#aftercare). Raw HTML stays inert: without rehype-raw,
// react-markdown shows it as text and never builds elements from it, and its default URL
// filter drops javascript: links.

function Heading({ node: _node, ...props }: ComponentPropsWithoutRef<"h4"> & { node?: unknown }) {
  return <h4 {...props} />;
}

const components: Components = {
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  // A table scrolls sideways inside the card on a phone instead of widening the page.
  table: ({ node: _node, ...props }) => (
    <div className="aftercare-md__table">
      <table {...props} />
    </div>
  ),
  a: ({ node: _node, href, ...props }) =>
    /^https?:\/\//i.test(href ?? "") ? (
      <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
    ) : (
      <a href={href} {...props} />
    ),
};

export function AftercareMarkdown({ children }: { children: string }) {
  return (
    <div className="aftercare-md">
      <Markdown remarkPlugins={[remarkGfm, remarkBreaks]} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
