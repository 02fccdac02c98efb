import { useState, useSyncExternalStore, type ComponentPropsWithoutRef } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

// content/policies.md as the editor writes it: GitHub-flavoured Markdown. The page's title is
// its h1, so the editor's top headings become sections (h2), "###" their parts (h3) and anything
// deeper h4: the outline has no gap whatever levels were typed. Raw HTML stays inert (no
// rehype-raw) and react-markdown's URL filter drops javascript: links.

type HeadingProps = ComponentPropsWithoutRef<"h2"> & { node?: unknown };
const H2 = ({ node: _node, ...props }: HeadingProps) => <h2 {...props} />;
const H3 = ({ node: _node, ...props }: HeadingProps) => <h3 {...props} />;
const H4 = ({ node: _node, ...props }: HeadingProps) => <h4 {...props} />;

const components: Components = {
  h1: H2,
  h2: H2,
  h3: H3,
  h4: H4,
  h5: H4,
  h6: H4,
  // A table scrolls sideways on a phone instead of widening the page; the keyboard can scroll it too.
  table: ({ node: _node, ...props }) => (
    <div className="policies-md__table" tabIndex={0}>
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

// The prerendered page already holds the policies rendered from this very Markdown: while the
// page hydrates, keep that HTML rather than parsing the Markdown again (as the aftercare guides do).
const KEEP_PRERENDERED = { __html: "" };

// hooks/use-hydrated.ts, written out: imported, it would leave the home page's chunk for one
// of its own that the home page fetches too (its importers would no longer be the same).
const never = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

export function PoliciesMarkdown({ children }: { children: string }) {
  const hydrated = useHydrated();
  const [prerendered] = useState(() => !hydrated && typeof document !== "undefined");
  if (prerendered) {
    return <div className="policies-md" dangerouslySetInnerHTML={KEEP_PRERENDERED} suppressHydrationWarning />;
  }
  return (
    <div className="policies-md">
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
