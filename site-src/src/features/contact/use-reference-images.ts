// The reference images of one form: each is prepared, granted and uploaded as soon as it is
// added, so Send usually finds them done; `settle` lets Send wait for the rest.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { requestGrant, sendFile } from "./api/upload-image";
import { MAX_IMAGES, type ImageErrors } from "./image-rules";
import { ImageRefused, prepareImage, type PreparedImage } from "./prepare-image";

export type ImageStatus = "preparing" | "uploading" | "uploaded" | "failed";

export type ReferenceImage = {
  key: string;
  name: string;
  status: ImageStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** An object URL of the prepared image, for its thumbnail. */
  preview: string | null;
  /** The upload id the message names, once uploaded. */
  id: string | null;
  error: string | null;
  /** Whether trying again can help (not for a file the browser cannot open). */
  retryable: boolean;
};

type Job = { file: File; prepared: PreparedImage | null; abort: AbortController; done: Promise<void> };

let counter = 0;

/** `text`: why an image cannot go, in the page's language (the form's part of the catalog). */
export function useReferenceImages(text: ImageErrors) {
  const [items, setItems] = useState<ReferenceImage[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  // Read synchronously by `settle` after the uploads finish, whatever React has rendered.
  const current = useRef<ReferenceImage[]>([]);
  const jobs = useRef(new Map<string, Job>());
  const session = useRef<string | null>(null);
  // Grants are asked for one after another: the first names the session the others share
  // (the function takes a message's images from one session only).
  const grants = useRef<Promise<unknown>>(Promise.resolve());

  const commit = useCallback((next: ReferenceImage[]) => {
    current.current = next;
    setItems(next);
  }, []);
  const update = useCallback(
    (key: string, change: Partial<ReferenceImage>) =>
      commit(current.current.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [commit],
  );

  const run = useCallback(
    async (key: string, job: Job) => {
      try {
        if (!job.prepared) {
          job.prepared = await prepareImage(job.file, text);
          if (job.abort.signal.aborted) return;
          update(key, { preview: URL.createObjectURL(job.prepared.blob) });
        }
        update(key, { status: "uploading", progress: 0, error: null });
        const type = job.prepared.type;
        const asked = grants.current.then(() => requestGrant(type, session.current, text));
        grants.current = asked.catch(() => undefined);
        const grant = await asked;
        session.current = grant.session;
        if (job.abort.signal.aborted) return;
        await sendFile(grant, job.prepared.blob, (progress) => update(key, { progress }), job.abort.signal, text);
        update(key, { status: "uploaded", progress: 1, id: grant.id });
      } catch (cause) {
        if (job.abort.signal.aborted) return;
        const refused = cause instanceof ImageRefused;
        update(key, {
          status: "failed",
          error: refused ? cause.message : text.failed,
          retryable: job.prepared !== null,
        });
      }
    },
    [update, text],
  );

  const start = useCallback(
    (key: string, file: File, prepared: PreparedImage | null) => {
      const job: Job = { file, prepared, abort: new AbortController(), done: Promise.resolve() };
      jobs.current.set(key, job);
      job.done = run(key, job);
    },
    [run],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const offered = [...files];
      const room = MAX_IMAGES - current.current.length;
      const taken = offered.slice(0, Math.max(0, room));
      setNotice(offered.length > taken.length ? text.tooMany(MAX_IMAGES) : null);
      const added = taken.map((file) => ({
        key: `image-${++counter}`,
        name: file.name,
        status: "preparing" as const,
        progress: 0,
        preview: null,
        id: null,
        error: null,
        retryable: false,
      }));
      commit([...current.current, ...added]);
      added.forEach((item, index) => start(item.key, taken[index], null));
    },
    [commit, start, text],
  );

  const remove = useCallback(
    (key: string) => {
      const job = jobs.current.get(key);
      job?.abort.abort();
      jobs.current.delete(key);
      const item = current.current.find((i) => i.key === key);
      if (item?.preview) URL.revokeObjectURL(item.preview);
      commit(current.current.filter((i) => i.key !== key));
      setNotice(null);
    },
    [commit],
  );

  const retry = useCallback(
    (key: string) => {
      const job = jobs.current.get(key);
      if (job) start(key, job.file, job.prepared);
    },
    [start],
  );

  /** Wait for every image still on its way; the images as they ended. */
  const settle = useCallback(async () => {
    await Promise.all([...jobs.current.values()].map((job) => job.done));
    return current.current;
  }, []);

  /** Mark the images the function refused (by upload id), with its words for each. */
  const refuse = useCallback(
    (problems: Record<string, string>) =>
      commit(
        current.current.map((item) =>
          item.id && problems[item.id]
            ? { ...item, status: "failed", error: problems[item.id], retryable: false }
            : item,
        ),
      ),
    [commit],
  );

  /** After a sent message: the next one starts with no images and a new session. */
  const clear = useCallback(() => {
    for (const job of jobs.current.values()) job.abort.abort();
    for (const item of current.current) if (item.preview) URL.revokeObjectURL(item.preview);
    jobs.current.clear();
    session.current = null;
    setNotice(null);
    commit([]);
  }, [commit]);

  useEffect(() => {
    const open = jobs.current;
    return () => {
      for (const job of open.values()) job.abort.abort();
      for (const item of current.current) if (item.preview) URL.revokeObjectURL(item.preview);
    };
  }, []);

  return useMemo(
    () => ({ items, notice, add, remove, retry, settle, refuse, clear }),
    [items, notice, add, remove, retry, settle, refuse, clear],
  );
}

export type ReferenceImages = ReturnType<typeof useReferenceImages>;
