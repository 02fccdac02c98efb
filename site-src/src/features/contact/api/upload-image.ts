// POST /api/contact/uploads (a grant: where and how to upload one image), then the image
// itself, posted as S3 takes a presigned POST: the grant's fields, then the file, last. The
// file goes to the site's own /api/contact/uploads/file, which Netlify forwards to the bucket
// and `serve` answers itself, so the function never carries it (docs/contact.md).
import { postJson } from "../../../lib/api-client";
import { langField } from "../../../lib/language";
import { CONTACT_PATHS } from "./contract";
import { uploadErrorText, type ImageErrors } from "../image-rules";
import { ImageRefused } from "../prepare-image";

export type Grant = { id: string; session: string; upload: { url: string; fields: Record<string, string> } };

const isGrant = (body: unknown): body is Grant => {
  const grant = body as Partial<Grant> | null;
  return (
    typeof grant?.id === "string" &&
    typeof grant.session === "string" &&
    typeof grant.upload?.url === "string" &&
    typeof grant.upload.fields === "object" &&
    grant.upload.fields !== null
  );
};

/**
 * Ask for the upload of one image; `session` is the one an earlier grant of this form named,
 * `text` what a refusal says when the function's answer does not.
 */
export async function requestGrant(type: string, session: string | null, text: ImageErrors): Promise<Grant> {
  let answer: unknown;
  try {
    answer = await postJson(CONTACT_PATHS.grant, { type, ...(session ? { session } : {}), ...langField() });
  } catch {
    throw new ImageRefused(text.offline);
  }
  const body = answer as { success?: unknown; error?: unknown } | null;
  if (body?.success === true && isGrant(body)) return body;
  throw new ImageRefused(typeof body?.error === "string" && body.error ? body.error : text.unavailable);
}

/**
 * Post the file with the grant's fields. XMLHttpRequest rather than fetch: only it reports how
 * much of a request body has gone out (upload progress). Rejects with an ImageRefused saying
 * why, or with an AbortError when `signal` aborts (the visitor removed the image).
 */
export function sendFile(
  grant: Grant,
  blob: Blob,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
  text: ImageErrors,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
  form.append("file", blob, "reference.jpg"); // last: storage ignores fields after the file
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", grant.upload.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new ImageRefused(uploadErrorText(request.status, String(request.responseText), text)));
    };
    request.onerror = () => reject(new ImageRefused(text.offline));
    request.ontimeout = () => reject(new ImageRefused(text.expired));
    request.onabort = () => reject(new DOMException("upload removed", "AbortError"));
    // Netlify gives a proxied request 26 s; a phone on a slow line gets the same here.
    request.timeout = 26_000;
    signal.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
