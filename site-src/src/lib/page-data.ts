// What the build prerendered this page with (generator/site/prerender.py), embedded as
// <script id="page-data" type="application/json">:
//
//   { "route": "/portfolio/jane-doe",                     the path the HTML was rendered for
//     "answers": { "/api/artists": [...], ... } }         the static API answers it read
//
// The data hooks start from these answers, so the app hydrates the prerendered HTML with the
// very data it was rendered from and asks the API only for what the page does not hold
// (another artist after client-side navigation). In the prerenderer the answers are the whole
// static API, and every URL the render asks for is recorded: the page embeds exactly those.

export type PageData = { route: string | null; answers: Record<string, unknown> };

const NONE: PageData = { route: null, answers: {} };
let current: PageData | null = null;
let asked: Set<string> | null = null;

function pageData(): PageData {
  if (current) return current;
  const text = typeof document === "undefined" ? null : document.getElementById("page-data")?.textContent;
  // A page without it (the dev bundle on its own, component tests) simply fetches everything.
  current = text ? { ...NONE, ...(JSON.parse(text) as Partial<PageData>) } : NONE;
  return current;
}

/** The path this page's HTML was prerendered for, or null when it holds no prerendered app. */
export function prerenderedRoute(): string | null {
  return pageData().route;
}

/** The answer of `url` the page was rendered with, if it holds one of the expected shape. */
export function initialAnswer<T>(url: string, validate: (body: unknown) => body is T): T | undefined {
  asked?.add(url);
  const answers = pageData().answers;
  if (!Object.prototype.hasOwnProperty.call(answers, url)) return undefined;
  const value = answers[url];
  return validate(value) ? value : undefined;
}

/** The prerenderer: the answers to render the next page from, and where to note what it asks. */
export function providePageData(data: PageData, record: Set<string>): void {
  current = data;
  asked = record;
}

/** Forget the page's data (tests install their own between cases). */
export function resetPageDataCache(): void {
  current = null;
  asked = null;
}
