import { useState, type ComponentPropsWithoutRef } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { useHydrated } from "../../hooks/use-hydrated";

// Editors write aftercare/*.md. GitHub-flavoured markdown (tables, lists, strikethrough),
// every line break kept (remark-breaks), and every heading shown at level 4, as the
// specification asks, right under the card's own title (h3, under the page's hidden "The
// guides" h2), whatever level the editor typed (docs/product.md#aftercare). Raw HTML stays inert: without rehype-raw,
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
  // A table scrolls sideways inside the card on a phone instead of widening the page; the
  // keyboard can scroll it too, so it takes focus (WCAG 2.1.1).
  table: ({ node: _node, ...props }) => (
    <div className="aftercare-md__table" tabIndex={0}>
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

// The prerendered page already holds the guide rendered from this very Markdown: a card that
// mounts while the page hydrates keeps that HTML rather than parsing the Markdown again in the
// browser (the costliest work of the page's start on a phone). React leaves the inside of an
// element with dangerouslySetInnerHTML alone while hydrating; an empty string that never
// changes means it never writes it afterwards either.
const KEEP_PRERENDERED = { __html: "" };

export function AftercareMarkdown({ children }: { children: string }) {
  const hydrated = useHydrated();
  const [prerendered] = useState(() => !hydrated && typeof document !== "undefined");
  if (prerendered) {
    return <div className="aftercare-md" dangerouslySetInnerHTML={KEEP_PRERENDERED} suppressHydrationWarning />;
  }
  return (
    <div className="aftercare-md">
      <Markdown remarkPlugins={[remarkGfm, remarkBreaks]} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
