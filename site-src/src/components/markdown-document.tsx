import { useMemo, useState, useSyncExternalStore, type ComponentPropsWithoutRef } from "react";
import Markdown, { type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import "./markdown-document.css";

// A Markdown file as an editor writes it (content/aftercare/*.md, content/policies.md), rendered
// for a visitor: GitHub-flavoured Markdown (tables, lists, strikethrough), typography from
// markdown-document.css, and the screen's own class (className) for what differs per page.
//
// - Headings: the page's h1 is its title, so whatever level the editor typed is brought within
//   [headings.min, headings.max] (a "#" never becomes a second h1, the outline has no gap).
// - A table reads on a phone without sideways scrolling: where its box is narrow, each row
//   becomes a small card whose cells carry their column's heading (data-label, set by
//   labelTableCells, shown by markdown-document.css). The box still scrolls if a word cannot
//   fit, and the keyboard can scroll it too, so it takes focus (WCAG 2.1.1).
// - A link to another site opens in a new tab, without access to this one (noopener).
// - Raw HTML stays inert: without rehype-raw, react-markdown shows it as text and never builds
//   elements from it, and its default URL filter drops javascript: links.

type HeadingLevel = 2 | 3 | 4 | 5 | 6;
type HeadingTag = `h${HeadingLevel}`;
type HeadingProps = ComponentPropsWithoutRef<"h2"> & { node?: unknown };

const HEADINGS = {
  h2: ({ node: _node, ...props }: HeadingProps) => <h2 {...props} />,
  h3: ({ node: _node, ...props }: HeadingProps) => <h3 {...props} />,
  h4: ({ node: _node, ...props }: HeadingProps) => <h4 {...props} />,
  h5: ({ node: _node, ...props }: HeadingProps) => <h5 {...props} />,
  h6: ({ node: _node, ...props }: HeadingProps) => <h6 {...props} />,
} satisfies Record<HeadingTag, unknown>;

/** The few fields of a HAST node this file reads (react-markdown's syntax tree). */
type TreeNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: TreeNode[];
};

const textOf = (node: TreeNode): string =>
  node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");

const elements = (node: TreeNode, tagName: string): TreeNode[] =>
  (node.children ?? []).flatMap((child) =>
    child.tagName === tagName ? [child] : child.type === "element" && child.tagName !== "table" ? elements(child, tagName) : [],
  );

/** A rehype step: every body cell of a table gets its column's heading as data-label. */
function labelTableCells() {
  const visit = (node: TreeNode): void => {
    if (node.tagName === "table") {
      const headings = elements(node, "th").map((cell) => textOf(cell).trim());
      for (const row of elements(node, "tr")) {
        elements(row, "td").forEach((cell, column) => {
          if (headings[column]) cell.properties = { ...cell.properties, dataLabel: headings[column] };
        });
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  return (tree: TreeNode) => visit(tree);
}
const REHYPE_PLUGINS = [labelTableCells];

const BLOCKS: Components = {
  table: ({ node: _node, ...props }) => (
    <div className="markdown-document__table" tabIndex={0}>
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

function componentsFor(min: HeadingLevel, max: HeadingLevel): Components {
  const components: Components = { ...BLOCKS };
  for (const level of [1, 2, 3, 4, 5, 6] as const) {
    components[`h${level}`] = HEADINGS[`h${Math.min(Math.max(level, min), max) as HeadingLevel}`];
  }
  return components;
}

// The prerendered page already holds the document rendered from this very Markdown: one that
// mounts while the page hydrates keeps that HTML rather than parsing the Markdown again in the
// browser (the costliest work of a page's start on a phone). React leaves the inside of an
// element with dangerouslySetInnerHTML alone while hydrating; an empty string that never changes
// means it never writes it afterwards either.
const KEEP_PRERENDERED = { __html: "" };

// hooks/use-hydrated.ts, written out: imported from here, it would leave the chunk the home page
// already fetches for one of its own that the home page fetches too (its importers would no
// longer be the same), and the home page's first load would grow.
const never = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

export type MarkdownDocumentProps = {
  children: string;
  /** The screen's class for its own look, beside markdown-document (e.g. "policies-md"). */
  className: string;
  /** The levels the document's headings are brought within (h1 stays the page's title). */
  headings: { min: HeadingLevel; max: HeadingLevel };
  /** Run after remark-gfm (e.g. remark-breaks); a constant, so the document is not re-parsed. */
  remarkPlugins?: Plugins;
  /** The document's language where it differs from the page's (an untranslated guide). */
  lang?: string;
};

type Plugins = NonNullable<Options["remarkPlugins"]>;
const NO_PLUGINS: Plugins = [];

export function MarkdownDocument({ children, className, headings, remarkPlugins = NO_PLUGINS, lang }: MarkdownDocumentProps) {
  const hydrated = useHydrated();
  const [prerendered] = useState(() => !hydrated && typeof document !== "undefined");
  const { min, max } = headings;
  const components = useMemo(() => componentsFor(min, max), [min, max]);
  const plugins = useMemo(() => [remarkGfm, ...remarkPlugins], [remarkPlugins]);
  const classes = `markdown-document ${className}`;
  if (prerendered) {
    return <div className={classes} lang={lang} dangerouslySetInnerHTML={KEEP_PRERENDERED} suppressHydrationWarning />;
  }
  return (
    <div className={classes} lang={lang}>
      <Markdown remarkPlugins={plugins} rehypePlugins={REHYPE_PLUGINS} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
