// Reference images are prepared in the browser before they travel: decoded, turned upright
// (EXIF orientation), scaled to at most 2048 px a side and encoded again as JPEG. Drawing on
// a canvas keeps the pixels only, so EXIF, GPS and every other bit of metadata stay behind,
// and a 12 MP phone photo of several MB leaves as a few hundred KB (docs/contact.md).
import { MAX_SOURCE_BYTES, QUALITIES, TARGET_BYTES, MAX_UPLOAD_BYTES, fitWithin, isHeic, type ImageErrors } from "./image-rules";

export type PreparedImage = { blob: Blob; type: "image/jpeg"; width: number; height: number };

/** A file that cannot be prepared; `message` is for the visitor. */
export class ImageRefused extends Error {
  override name = "ImageRefused";
}

type Drawable = { source: CanvasImageSource; width: number; height: number; close: () => void };

/** Decode with EXIF orientation applied: createImageBitmap, else an <img> (older Safari). */
async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Not decodable this way (some browsers decode HEIC only in <img>): try the element.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (cause) {
    URL.revokeObjectURL(url);
    throw cause;
  }
  // <img> applies EXIF orientation by default (CSS image-orientation: from-image).
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("canvas gave no JPEG"))), "image/jpeg", quality),
  );
}

/** `text`: why a file is refused, in the page's language. */
export async function prepareImage(file: File, text: ImageErrors): Promise<PreparedImage> {
  if (file.size > MAX_SOURCE_BYTES) throw new ImageRefused(text.sourceTooLarge);
  let drawable: Drawable;
  try {
    drawable = await decode(file);
  } catch {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    throw new ImageRefused(isHeic(file.type, file.name, head) ? text.heic : text.notImage);
  }
  try {
    const { width, height } = fitWithin(drawable.width, drawable.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new ImageRefused(text.notImage);
    // JPEG has no transparency: a drawing on a transparent background stays on white.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(drawable.source, 0, 0, width, height);
    for (const quality of QUALITIES) {
      const blob = await encode(canvas, quality);
      if (blob.size <= TARGET_BYTES || (quality === QUALITIES.at(-1) && blob.size <= MAX_UPLOAD_BYTES)) {
        return { blob, type: "image/jpeg", width, height };
      }
    }
    throw new ImageRefused(text.tooLarge);
  } finally {
    drawable.close();
  }
}
