// The two shapes of content/ files that Decap's built-in formats cannot edit as they are
// (docs/editing.md, "How the admin writes files"):
//
//   portfolio/<slug>.yaml  a YAML list at the top ("- file: ..."); Decap edits an object, so
//                          the admin sees { pieces: [...] } and writes the bare list back;
//   aftercare/<name>.md    plain Markdown; Decap's markdown format would add front matter
//                          ("---" lines), which the site would show as horizontal rules.
//
// Both go through Decap's own YAML formatter (the `yaml` library it pins), so a portfolio is
// written exactly as Decap writes any YAML file; tests/test_cms_resave.py relies on that.
import decapYaml from "decap-cms-core/dist/esm/formats/yaml.js";

export type Formatter = {
  fromFile(content: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>, sortedKeys?: string[], comments?: Record<string, string>): string;
};

export const PORTFOLIO_FORMAT = "portfolio-list";
export const MARKDOWN_FORMAT = "markdown-body";

export const portfolioList: Formatter = {
  fromFile(content) {
    const pieces: unknown = decapYaml.fromFile(content);
    if (pieces == null) return { pieces: [] }; // an empty file: an artist without pieces yet
    // Anything but a list would be flattened into one on save: refuse to open it instead.
    if (!Array.isArray(pieces)) throw new Error("a portfolio file must be a list of pieces ('- file: ...')");
    return { pieces };
  },
  toFile(data) {
    return decapYaml.toFile(Array.isArray(data.pieces) ? data.pieces : []);
  },
};

export const markdownBody: Formatter = {
  fromFile(content) {
    return { body: content };
  },
  toFile(data) {
    return typeof data.body === "string" ? data.body : "";
  },
};

/** The custom formats by name, with the extension Decap gives new files of each. */
export const FORMATS: Record<string, { extension: string; formatter: Formatter }> = {
  [PORTFOLIO_FORMAT]: { extension: "yaml", formatter: portfolioList },
  [MARKDOWN_FORMAT]: { extension: "md", formatter: markdownBody },
};
