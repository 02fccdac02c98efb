// Whether the editor's last change went live (docs/deploy-status.md). With the GitHub backend a
// save is a commit on the branch and Netlify builds it; a build that refuses the content leaves
// the site as it was while Decap has already said "Published". This asks GitHub, with the
// editor's own sign-in, what Netlify reported on the branch's head commit, and says so in a
// small notice at the bottom right. It says nothing when it cannot know: signed out, the local
// backend, no access (401/403/404), or no report from Netlify on that commit.
//
// Imported once by admin.tsx; the decisions are in deploy-status-logic.ts.
import CMS from "decap-cms-app";
import { useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import {
  giveUp,
  githubRepoOf,
  pollDelay,
  readCombinedStatus,
  signedInToken,
  statusUrl,
  type Repo,
  type Verdict,
} from "./deploy-status-logic";
import "./deploy-status.css";

declare global {
  interface Window {
    /** Tests only: the poll interval in milliseconds (default 15 s). */
    __deployStatusPollMs?: number;
  }
}

const USER_KEY = "decap-cms-user"; // where Decap keeps the signed-in user (LocalStorageAuthStore)
const SIGN_IN_CHECK_MS = 2_000; // how often to notice a sign-in or sign-out (no network)
const SUCCESS_SHOWN_MS = 6_000;
const FADE_MS = 400; // deploy-status.css
// After a save, how long to wait for Netlify's first report on the new commit; and how long
// a "checking" notice is kept up to date (Netlify stops a build after 15 minutes).
const WAIT_FOR_REPORT_MS = 10 * 60_000;
const POLL_FOR_MS = 30 * 60_000;

// --- what is shown ----------------------------------------------------------------------------

type Shown = { verdict: Verdict; leaving: boolean } | null;
let shown: Shown = null;
const listeners = new Set<() => void>();
let fadeTimer: number | undefined;

function setShown(next: Shown) {
  shown = next;
  for (const listener of listeners) listener();
}

function show(verdict: Verdict | null) {
  if (verdict?.state === shown?.verdict.state && verdict?.state !== "failure" && !shown?.leaving) return;
  window.clearTimeout(fadeTimer);
  setShown(verdict && { verdict, leaving: false });
  if (verdict?.state === "success") {
    fadeTimer = window.setTimeout(() => {
      setShown(shown && { ...shown, leaving: true });
      fadeTimer = window.setTimeout(() => setShown(null), FADE_MS);
    }, SUCCESS_SHOWN_MS);
  }
}

// --- asking GitHub ----------------------------------------------------------------------------

class DeployWatcher {
  repo: Repo | null = null;
  token: string | null = null;
  seenSha: string | null = null; // the branch's head in the last answer
  waitingFor: { before: string | null; until: number } | null = null; // after a save
  pollUntil = 0;
  generation = 0; // answers to an older question are dropped
  timer: number | undefined;

  async start() {
    const config = await loadConfig();
    this.repo = githubRepoOf(config);
    if (!this.repo) return; // nothing to say with the local backend or another backend
    this.watchSignIn();
    window.setInterval(() => this.watchSignIn(), SIGN_IN_CHECK_MS);
    window.addEventListener("storage", (event) => event.key === USER_KEY && this.watchSignIn());
    document.addEventListener("visibilitychange", () => this.onVisibility());
  }

  watchSignIn() {
    const token = signedInToken(window.localStorage.getItem(USER_KEY));
    if (token === this.token) return;
    this.token = token;
    this.seenSha = null;
    this.restart(null);
  }

  /** Decap saved to the branch: the answer about the new head commit is what matters now. */
  saved() {
    if (!this.repo || !this.token) return;
    this.restart({ before: this.seenSha, until: Date.now() + WAIT_FOR_REPORT_MS });
  }

  restart(waitingFor: DeployWatcher["waitingFor"]) {
    this.generation++;
    window.clearTimeout(this.timer);
    this.waitingFor = waitingFor;
    this.pollUntil = Date.now() + POLL_FOR_MS;
    show(null);
    if (this.token) void this.check();
  }

  polling(): boolean {
    return this.waitingFor !== null || shown?.verdict.state === "pending";
  }

  onVisibility() {
    window.clearTimeout(this.timer);
    if (!document.hidden && this.token && this.polling()) void this.check();
  }

  schedule() {
    window.clearTimeout(this.timer);
    if (document.hidden || !this.polling()) return; // resumed by onVisibility
    if (Date.now() > this.pollUntil) {
      this.waitingFor = null;
      show(null); // no verdict in time: say nothing rather than "checking" for ever
      return;
    }
    this.timer = window.setTimeout(() => void this.check(), pollDelay(window.__deployStatusPollMs));
  }

  async check() {
    const { repo, token } = this;
    if (!repo || !token) return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    let body: unknown;
    try {
      const response = await fetch(statusUrl(repo), {
        // The token goes in this header and nowhere else.
        headers: { Accept: "application/vnd.github+json", Authorization: `token ${token}` },
        cache: "no-store",
        credentials: "omit",
        referrerPolicy: "no-referrer",
      });
      if (!current()) return;
      if (giveUp(response.status)) {
        this.waitingFor = null;
        show(null);
        return;
      }
      if (!response.ok) throw new Error(`GitHub answered ${response.status}`);
      body = await response.json();
    } catch {
      if (current()) this.schedule(); // offline or GitHub hiccup: keep what is shown, ask again
      return;
    }
    if (!current()) return;
    const { sha, verdict } = readCombinedStatus(body);
    if (this.waitingFor) {
      const stillOld = sha !== null && sha === this.waitingFor.before;
      if (stillOld || !verdict) {
        if (Date.now() > this.waitingFor.until) this.waitingFor = null;
        this.schedule();
        return;
      }
      this.waitingFor = null;
    }
    this.seenSha = sha;
    show(verdict);
    this.schedule();
  }
}

async function loadConfig(): Promise<unknown> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="cms-config-url"]');
  if (!link?.href) return null;
  try {
    const response = await fetch(link.href, { credentials: "same-origin", cache: "no-cache" });
    return response.ok ? JSON.parse(await response.text()) : null;
  } catch {
    return null;
  }
}

// --- the notice -------------------------------------------------------------------------------

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function DeployNotice() {
  const current = useSyncExternalStore(subscribe, () => shown);
  // The live region is always there, so a screen reader announces what appears in it.
  return (
    <div className="deploy-status" role="status" aria-live="polite">
      {current && <Notice verdict={current.verdict} leaving={current.leaving} />}
    </div>
  );
}

function Notice({ verdict, leaving }: { verdict: Verdict; leaving: boolean }) {
  return (
    <div className="deploy-status-notice" data-state={verdict.state} data-leaving={leaving || undefined}>
      <span className="deploy-status-icon" aria-hidden="true" />
      <div className="deploy-status-text">
        {verdict.state === "pending" && <p>Checking whether your last change is live...</p>}
        {verdict.state === "success" && <p>Your last change is live</p>}
        {verdict.state === "failure" && (
          <>
            <p className="deploy-status-title">
              Your last change is NOT live: the site could not be built with it.
            </p>
            {verdict.description && <p className="deploy-status-description">{verdict.description}</p>}
            {verdict.link && (
              <p>
                <a href={verdict.link} target="_blank" rel="noopener noreferrer">
                  See what went wrong
                </a>
              </p>
            )}
          </>
        )}
      </div>
      {verdict.state !== "pending" && (
        <button type="button" className="deploy-status-close" aria-label="Dismiss" onClick={() => show(null)}>
          ×
        </button>
      )}
    </div>
  );
}

// --- start ------------------------------------------------------------------------------------

const watcher = new DeployWatcher();

// Decap runs these after the commit is made (decap-cms-core backend.ts): postPublish after a
// save in the simple publish mode (right after postSave) and after publishing with the
// editorial workflow (where postSave is a save to a pull request's branch, not to the branch),
// postUnpublish after deleting an entry. A handler's return value would replace the entry's
// data, so this one returns nothing.
const afterCommit = () => {
  watcher.saved();
};
CMS.registerEventListener({ name: "postPublish", handler: afterCommit });
CMS.registerEventListener({ name: "postUnpublish", handler: afterCommit });

const root = document.createElement("div");
root.id = "deploy-status-root";
document.body.append(root);
createRoot(root).render(<DeployNotice />);
void watcher.start();
