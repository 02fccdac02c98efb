// What the admin's deploy notice (deploy-status.tsx, docs/deploy-status.md) decides, without
// the page: which repository and branch to ask about, whose sign-in to ask with, and what
// GitHub's answer means. Pure functions; tests/browser/test_cms_deploy_status.py bundles this
// module on its own and runs them in Chromium (cms/ has no test runner).

/** The GitHub repository and branch the admin saves to (its config's `backend`). */
export type Repo = { apiRoot: string; owner: string; name: string; branch: string };

/** What the notice says about the branch's head commit; null: say nothing. */
export type Verdict =
  | { state: "pending" }
  | { state: "success" }
  | { state: "failure"; description: string; link: string | null };

/** One answer of the combined-status endpoint: which commit it is about, and the verdict. */
export type Reading = { sha: string | null; verdict: Verdict | null };

export const DEFAULT_POLL_MS = 15_000;
/** GitHub's largest page; the first page is all that is read (statuses are newest first). */
export const PER_PAGE = 100;
const DESCRIPTION_MAX = 300; // GitHub caps a status description at 140 characters

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * The repository to ask about, from the admin's configuration (admin/config.json), or null
 * when the admin does not save to GitHub: another backend, Decap's local backend (`make cms`),
 * or open authoring (saves go to the editor's fork, not the branch).
 */
export function githubRepoOf(config: unknown): Repo | null {
  if (!isObject(config) || config.local_backend) return null;
  const backend = config.backend;
  if (!isObject(backend) || backend.name !== "github" || backend.open_authoring) return null;
  const [owner, name, ...rest] = typeof backend.repo === "string" ? backend.repo.split("/") : [];
  if (!owner || !name || rest.length || !NAME.test(owner) || !NAME.test(name)) return null;
  // Without `branch` Decap saves to the repository's default branch, which GitHub calls HEAD.
  const branch = typeof backend.branch === "string" && backend.branch.trim() ? backend.branch.trim() : "HEAD";
  let apiRoot = "https://api.github.com";
  if (typeof backend.api_root === "string" && backend.api_root) {
    const root = safeLink(backend.api_root);
    if (!root || !root.startsWith("https://")) return null;
    apiRoot = root.replace(/\/+$/, "");
  }
  return { apiRoot, owner, name, branch };
}

/**
 * The signed-in editor's GitHub token from what Decap keeps in localStorage
 * ("decap-cms-user"), or null when nobody is signed in to the GitHub backend.
 */
export function signedInToken(stored: string | null): string | null {
  if (!stored) return null;
  let user: unknown;
  try {
    user = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isObject(user) || user.backendName !== "github") return null;
  return typeof user.token === "string" && user.token.trim() ? user.token.trim() : null;
}

/** GET …/commits/{branch}/status: the latest status of each context on the branch's head. */
export function statusUrl(repo: Repo): string {
  const ref = repo.branch.split("/").map(encodeURIComponent).join("/");
  const path = `repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}/commits/${ref}/status`;
  return `${repo.apiRoot}/${path}?per_page=${PER_PAGE}`;
}

/**
 * A status Netlify reports about a deploy of the branch: its contexts start with "netlify/"
 * ("netlify/<site>/…"). Deploy previews ("netlify/<site>/deploy-preview", and the older
 * "deploy/netlify") speak about a preview, not the live site: a commit merged from a pull
 * request keeps its preview's status, and the production build checks more than a preview's.
 */
export function isNetlifyDeployContext(context: unknown): boolean {
  return typeof context === "string" && /^netlify\//i.test(context) && !/\/deploy-preview$/i.test(context);
}

/** Only web addresses become links (a status's target_url is whatever its poster wrote). */
export function safeLink(url: unknown): string | null {
  if (typeof url !== "string" || !url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

const oneLine = (text: unknown): string => {
  const line = typeof text === "string" ? text.replace(/\s+/g, " ").trim() : "";
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1)}…` : line;
};

/**
 * What an answer of the combined-status endpoint says about the live site. Only Netlify's
 * statuses count, never the combined `state` (it is "pending" when a commit has no status at
 * all, and other tools' statuses are not about the deploy). Several Netlify contexts (two
 * sites on one repository): any failure wins, then pending, then success.
 */
export function readCombinedStatus(body: unknown): Reading {
  if (!isObject(body)) return { sha: null, verdict: null };
  const sha = typeof body.sha === "string" && /^[0-9a-f]{40}$/i.test(body.sha) ? body.sha : null;
  const all = Array.isArray(body.statuses) ? body.statuses.slice(0, PER_PAGE) : [];
  const ours = all.filter((s): s is Json => isObject(s) && isNetlifyDeployContext(s.context));
  const failed = ours.find((s) => s.state === "failure" || s.state === "error");
  if (failed) {
    return {
      sha,
      verdict: { state: "failure", description: oneLine(failed.description), link: safeLink(failed.target_url) },
    };
  }
  if (ours.some((s) => s.state === "pending")) return { sha, verdict: { state: "pending" } };
  if (ours.some((s) => s.state === "success")) return { sha, verdict: { state: "success" } };
  return { sha, verdict: null };
}

/** HTTP answers after which the notice says nothing and stops asking (no access, no such
 * repository or branch, signed out, rate limited). */
export const giveUp = (httpStatus: number): boolean =>
  httpStatus === 401 || httpStatus === 403 || httpStatus === 404 || httpStatus === 422;

/** The poll interval: the page's test hook (window.__deployStatusPollMs) or 15 s. */
export function pollDelay(hook: unknown): number {
  return typeof hook === "number" && Number.isFinite(hook) && hook > 0 ? hook : DEFAULT_POLL_MS;
}
