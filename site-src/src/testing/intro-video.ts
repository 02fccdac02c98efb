// The intro video's request, answered by hand: the bytes arrive when a test sends them.
import { mockFetch } from "./fetch";

export type IntroStream = {
  /** Pass `bytes` more of the video to the page. */
  send: (bytes: number) => void;
  /** The last byte has arrived. */
  end: () => void;
  /** The requests made, for tests that look at the URL or the abort signal. */
  fetchMock: ReturnType<typeof mockFetch>;
};

/** Answers `path` with a video of `total` bytes (no Content-Length when null), sent by hand. */
export function introStream(path: string, total: number | null, status = 200): IntroStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const headers: Record<string, string> = total === null ? {} : { "Content-Length": String(total) };
  const fetchMock = mockFetch({ [path]: () => new Response(status === 200 ? body : null, { status, headers }) });
  return {
    send: (bytes) => controller.enqueue(new Uint8Array(bytes)),
    end: () => controller.close(),
    fetchMock,
  };
}

/** Lets the page read what was sent (a stream's reads settle over a few microtasks). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
