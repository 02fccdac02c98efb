// The consent link's token (docs/consent.md, "The link"): the booking email opens
// /consent?t=<token> (a #t= works too). The page reads it once, keeps it in memory for the
// posts, and takes it out of the address at once, so it is not left in the history, in a
// screenshot or in the Referer of what the page loads next. It is never logged.

/** A token is about 110 characters; anything much longer is not one (never posted). */
const MAX_TOKEN = 512;

let kept: string | null = null;

/** Remove `t` from a query or fragment ("t=...&x=1"): what stays, or null when it had none. */
function without(part: string): { token: string; rest: string } | null {
  const params = new URLSearchParams(part);
  const token = params.get("t");
  if (token === null) return null;
  params.delete("t");
  return { token, rest: params.toString() };
}

/**
 * The link's token: from the address the first time (then the address loses it), from memory
 * after that (a second mount, the page's own navigation). "" for a link without a usable one.
 */
export function takeToken(): string {
  const { pathname, search, hash } = window.location;
  const query = without(search.replace(/^\?/, ""));
  const fragment = hash.startsWith("#t=") || hash.includes("&t=") ? without(hash.slice(1)) : null;
  const found = query ?? fragment;
  if (found) {
    const address =
      pathname +
      (query ? (query.rest ? `?${query.rest}` : "") : search) +
      (fragment ? (fragment.rest ? `#${fragment.rest}` : "") : hash);
    // The router's own state stays as it was: only the address changes (same route, same screen).
    window.history.replaceState(window.history.state, "", address);
    const token = found.token.trim();
    kept = token.length <= MAX_TOKEN ? token : "";
  }
  return kept ?? "";
}

/** Forget the token (tests, between cases). */
export function forgetToken(): void {
  kept = null;
}
