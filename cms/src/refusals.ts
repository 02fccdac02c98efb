// A refused save, delete or publish, said plainly and kept until the editor closes it
// (docs/editing.md, "What the red messages mean"). Decap shows these as "Failed to persist
// entry: API_ERROR: ..." and takes the toast away after 8 seconds, before a long reason is read;
// here the failure's own words (the save check's, from cms/local-backend.cjs, or GitHub's) go
// in a notice of Decap's own kind that stays until it is clicked or closed.
import { addNotification, dismissNotification } from "decap-cms-core/dist/esm/actions/notifications.js";
import { store } from "decap-cms-core/dist/esm/redux/index.js";

type Notice = { id: string; message: unknown; type?: string; dismissAfter?: number | false };

// Decap's keys for what failed, and how it is said here.
const FAILED: Record<string, string> = {
  "ui.toast.onFailToPersist": "Not saved",
  "ui.toast.onFailToDelete": "Not deleted",
  "ui.toast.onFailToPublishEntry": "Not published",
};

// Bounded: a reason is a few lines; a runaway answer is cut, not drawn.
const MOST_CHARS = 2000;

/** The words of what failed: an Error's message (never its name, "API_ERROR"), or the text. */
function wordsOf(details: unknown): string {
  const raw = details instanceof Error ? details.message : typeof details === "string" ? details : "";
  return raw.replace(/^API_ERROR:\s*/, "").trim();
}

/** "Not saved: <why>", the local backend's lines (joined by " | ") each on a line of its own. */
export function plainRefusal(key: string, details: unknown): string | null {
  const what = FAILED[key];
  if (!what) return null;
  let words = wordsOf(details) || "the change could not be written; try again in a minute";
  if (!/^Not (saved|deleted|published)\b/.test(words)) words = `${what}: ${words}`;
  words = words.replaceAll(" | ", "\n");
  return words.length > MOST_CHARS ? `${words.slice(0, MOST_CHARS)}…` : words;
}

function keyOf(message: unknown): string {
  const key = message && typeof message === "object" ? (message as { key?: unknown }).key : undefined;
  return typeof key === "string" ? key : "";
}

/** Each of Decap's failure toasts, as soon as it is sent, swapped for the plain one. */
export function keepRefusalsInView(): void {
  const state = () => (store.getState() as unknown as { notifications: { notifications: Notice[] } }).notifications;
  store.subscribe(() => {
    for (const notice of state().notifications) {
      const plain = plainRefusal(keyOf(notice.message), (notice.message as { details?: unknown }).details);
      if (plain === null) continue;
      store.dispatch(dismissNotification(notice.id));
      // dismissAfter false: react-toastify's autoClose off, and Decap sets no timer for it.
      store.dispatch(addNotification({ message: plain, type: "error", dismissAfter: false }));
      return; // the dispatches above ran this listener again for whatever is left
    }
  });
}
