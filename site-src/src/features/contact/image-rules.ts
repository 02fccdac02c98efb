// Reference images: the limits and the visitor's texts, shared by the preparation, the upload
// and the form (the function's side: functions/contact/references.py; docs/contact.md). The texts
// are the catalog's (i18n/en/contact-form.ts `imageErrors`): the form hands them in.
import type { ContactFormStrings } from "../../i18n/parts/contact-form";
import { IMAGE_LIMITS } from "./api/contract";

/** At most this many images go with one message (the function refuses more). */
export const MAX_IMAGES = IMAGE_LIMITS.maxCount;
/** The long side of a prepared image: a 12 MP photo becomes 2048 x 1536. */
export const MAX_SIDE = 2048;
/** JPEG qualities tried in turn until the image is at most TARGET_BYTES. */
export const QUALITIES = [0.85, 0.75, 0.62];
export const TARGET_BYTES = 1.5 * 1024 * 1024;
/** What the function's grant allows (maxBytes in its answer says the same). */
export const MAX_UPLOAD_BYTES = IMAGE_LIMITS.maxBytes;
/** A file larger than this is not decoded at all: no phone photo comes close. */
export const MAX_SOURCE_BYTES = 50 * 1024 * 1024;

/** Why an image cannot go, in the page's language. */
export type ImageErrors = ContactFormStrings["imageErrors"];

/** The size of an image scaled to fit within `max` pixels a side, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const HEIC_BRANDS = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"];

/** Whether a file is a HEIC/HEIF photo: by its type, its name, or its first bytes (ftyp box). */
export function isHeic(type: string, name: string, head: Uint8Array): boolean {
  if (/^image\/hei[cf](-sequence)?$/i.test(type) || /\.hei[cf]$/i.test(name)) return true;
  const text = String.fromCharCode(...head.slice(4, 12));
  return text.startsWith("ftyp") && HEIC_BRANDS.includes(text.slice(4, 8));
}

/**
 * The visitor's text for a failed POST to storage. S3 (and `serve`, which answers as S3
 * does) says why in an XML <Code>: EntityTooLarge, AccessDenied with "expired", ...
 */
export function uploadErrorText(status: number, body: string, text: ImageErrors): string {
  if (status === 0) return text.offline;
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? "";
  if (code === "EntityTooLarge") return text.tooLarge;
  if (code === "AccessDenied" && /expired/i.test(body)) return text.expired;
  return text.failed;
}
