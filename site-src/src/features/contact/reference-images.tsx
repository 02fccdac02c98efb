// The form's one optional control for reference images: a drop zone that is also the file
// picker (the phone's photo library: accept="image/*", no `capture`, so the camera roll is
// offered, not only the camera), then a thumbnail per image with its progress and a remove
// button. Nothing else of the form changes.
import { useState, type DragEvent } from "react";
import { useStrings } from "../../i18n/catalog";
import { contactFormStrings, type ContactFormStrings } from "../../i18n/parts/contact-form";
import { MAX_IMAGES } from "./image-rules";
import type { ReferenceImage, ReferenceImages as Images } from "./use-reference-images";

type Texts = ContactFormStrings["images"];

function statusText(item: ReferenceImage, n: number, t: Texts): string {
  if (item.status === "uploading") return t.status.uploading(n, Math.round(item.progress * 100));
  return t.status[item.status](n); // failed: why is the text shown under it
}

function Thumbnail({ item, n, images, t }: { item: ReferenceImage; n: number; images: Images; t: Texts }) {
  const busy = item.status === "preparing" || item.status === "uploading";
  const percent = Math.round(item.progress * 100);
  return (
    <li className={`reference-image reference-image--${item.status}`}>
      <div className="reference-image__frame">
        {item.preview ? (
          <img src={item.preview} alt={t.preview(n)} />
        ) : (
          <span className="reference-image__placeholder" aria-hidden="true" />
        )}
        {busy && (
          <div
            className="reference-image__progress"
            role="progressbar"
            aria-label={t.progress(n)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.status === "uploading" ? percent : undefined}
            aria-valuetext={item.status === "preparing" ? t.preparing : t.percent(percent)}
          >
            <span style={{ transform: `scaleX(${item.status === "uploading" ? item.progress : 0})` }} />
          </div>
        )}
        {item.status === "uploaded" && <span className="reference-image__done" aria-hidden="true" />}
        <button
          type="button"
          className="reference-image__remove"
          aria-label={t.remove(n)}
          onClick={() => images.remove(item.key)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <span className="visually-hidden">{statusText(item, n, t)}</span>
      {item.status === "failed" && (
        // Short under the picture; why, in full, below the pictures.
        <p className="reference-image__error" aria-hidden={item.retryable ? undefined : true}>
          {t.notSent}
          {item.retryable && (
            <button type="button" className="reference-image__retry" onClick={() => images.retry(item.key)}>
              {t.retry}
            </button>
          )}
        </p>
      )}
    </li>
  );
}

export function ReferenceImagesField({ id, images, error }: { id: string; images: Images; error: string | null }) {
  const strings = useStrings(contactFormStrings);
  const t = strings.images;
  const [dragging, setDragging] = useState(false);
  const full = images.items.length >= MAX_IMAGES;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length) images.add(files);
  };
  const failed = images.items.flatMap((item, index) =>
    item.status === "failed" && item.error ? [t.problem(index + 1, item.error)] : [],
  );
  // The function's own words for the field when no image carries words of its own.
  const problems = [...failed, ...(images.notice ? [images.notice] : []), ...(!failed.length && error ? [error] : [])];

  return (
    <div className="contact-form__field contact-form__field--wide reference-images">
      <span className="contact-form__label" id={`${id}-label`}>
        {`${t.label} `}
        <span className="contact-form__optional">{strings.form.optional}</span>
      </span>
      <label
        className={`reference-images__drop${dragging ? " is-dragging" : ""}${full ? " is-full" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = full ? "none" : "copy";
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          disabled={full}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            if (event.target.files?.length) images.add(event.target.files);
            event.target.value = ""; // the same photo may be chosen again after a removal
          }}
        />
        <svg className="reference-images__icon" viewBox="0 0 24 24" aria-hidden="true">
          <rect x="3" y="4.5" width="18" height="15" rx="2.5" />
          <circle cx="9" cy="10" r="1.6" />
          <path d="m4 17 5-4.5 3.5 3 3-2.5L20 17" />
        </svg>
        <span className="reference-images__cta">
          {full ? (
            t.full(MAX_IMAGES)
          ) : (
            <>
              {/* One or the other by the screen's pointer (CSS): a phone is asked to add photos
                  (it offers its library or camera), never to drop them. */}
              <span className="reference-images__pointer">
                {t.add}
                <span className="reference-images__drag">{` ${t.drop}`}</span>
              </span>
              <span className="reference-images__touch">{t.addTouch}</span>
            </>
          )}
        </span>
        <span className="reference-images__hint" id={`${id}-hint`}>
          {t.hint(MAX_IMAGES)}
        </span>
      </label>
      {images.items.length > 0 && (
        <ul className="reference-images__list" aria-label={t.list} aria-live="polite">
          {images.items.map((item, index) => (
            <Thumbnail key={item.key} item={item} n={index + 1} images={images} t={t} />
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <div className="reference-images__problems" role="alert">
          {problems.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
    </div>
  );
}
