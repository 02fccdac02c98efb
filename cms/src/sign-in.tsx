// The sign-in page says whose admin this is and how it is reached (docs/editing.md, "Sign in"):
// the studio's name and logo above Decap's button, and a plain sentence. Without it a site
// whose GitHub sign-in is not set up shows an unbranded Decap page whose button fails silently.
// Decap takes the page from the backend (authComponent); the two backends the admin uses,
// GitHub (the live site) and the local one (`make cms`), get theirs wrapped here.
import CMS from "decap-cms-app";
import { createElement, type ComponentType } from "react";

// generator/site/admin.py: the repository named when the build knew none (CMS_GITHUB_REPO).
const PLACEHOLDER_REPO = "OWNER/REPOSITORY";

type AuthProps = { config?: { backend?: { repo?: unknown } } };
type Backend = { authComponent(): ComponentType<AuthProps> };
type Registered = { init(...args: unknown[]): Backend };

function studioName(): string {
  try {
    const data = JSON.parse(document.getElementById("site-data")?.textContent ?? "{}") as { name?: unknown };
    return typeof data.name === "string" ? data.name.trim() : "";
  } catch {
    return "";
  }
}

const MAKE_CMS = <code className="studio-sign-in__command">make cms</code>;
const GITHUB_READY = (
  <>
    Sign in with your GitHub account. This works once whoever runs the site has set up GitHub sign-in
    for it; until then the site is edited on a laptop with the project, with {MAKE_CMS}.
  </>
);
const GITHUB_MISSING = (
  <>
    Sign-in is not set up on this site yet: whoever runs the site connects it to GitHub once (README,
    “Deployment”). Until then the site is edited on a laptop with the project: {MAKE_CMS} opens this
    editor there, no account needed.
  </>
);
const LOCAL = (
  <>
    The editor on this laptop ({MAKE_CMS}): no account needed, and each save goes into the content
    folder here, checked by the build first.
  </>
);

/** The page for one backend: the studio, the sentence, then Decap's own page (its button). */
function studioPage(Page: ComponentType<AuthProps>, local: boolean): ComponentType<AuthProps> {
  const StudioSignIn = (props: AuthProps) => {
    const repo = props.config?.backend?.repo;
    const missing = !local && (typeof repo !== "string" || !repo || repo === PLACEHOLDER_REPO);
    const name = studioName();
    return (
      <main className="studio-sign-in">
        <img className="studio-sign-in__logo" src="/logo.svg" alt="" width={120} height={120} />
        <h1 className="studio-sign-in__name">{name ? `${name}: edit the site` : "Edit the site"}</h1>
        <p className="studio-sign-in__how">{local ? LOCAL : missing ? GITHUB_MISSING : GITHUB_READY}</p>
        {/* A button that cannot work is not offered. */}
        {missing ? null : <div className="studio-sign-in__decap">{createElement(Page, props)}</div>}
      </main>
    );
  };
  return StudioSignIn;
}

/** Decap's backend of that name, its sign-in page wrapped (once per backend made). */
function wrapBackend(name: string, local: boolean): void {
  const registered = CMS.getBackend(name) as Registered | undefined;
  if (!registered) return;
  const init = registered.init;
  registered.init = (...args) => {
    const backend = init(...args);
    // Decap asks for the page on every render: the same component each time, so the page
    // keeps its state (a sign-in error) across renders.
    const page = studioPage(backend.authComponent(), local);
    backend.authComponent = () => page;
    return backend;
  };
}

wrapBackend("github", false);
wrapBackend("proxy", true);
