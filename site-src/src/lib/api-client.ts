// The one way the app talks to its API. Reads of the static API go through fetchJson: the
// endpoints are static files, so anything but a JSON answer of the right shape under a success
// status (an HTML error page, a 404, a half-written file) is one kind of failure, an ApiError,
// that each caller handles in one place. The contact function answers in its body whatever the
// status, so postJson hands that body back as it is.

type Init = Omit<RequestInit, "headers"> & { headers?: Record<string, string> };

/** Every call asks for JSON. */
function request(url: string, { headers, ...init }: Init): Promise<Response> {
  return fetch(url, { ...init, headers: { Accept: "application/json", ...headers } });
}

/** A failed API read. `message` is the caller's text; `cause` says what went wrong. */
export class ApiError extends Error {
  override name = "ApiError";
}

export type FetchJsonOptions<T> = {
  signal?: AbortSignal;
  /** Whether the parsed body has the expected shape. */
  validate: (body: unknown) => body is T;
  /** The message of the ApiError thrown on any failure. */
  failure: string;
};

/**
 * GET `url` as JSON. Throws an ApiError on a network failure, a non-OK status, or a body that
 * is not JSON or not of the expected shape; an abort is rethrown as it is.
 */
export async function fetchJson<T>(url: string, { signal, validate, failure }: FetchJsonOptions<T>): Promise<T> {
  const fail = (cause: unknown): never => {
    if (signal?.aborted) throw cause;
    throw new ApiError(failure, { cause });
  };
  let response: Response;
  try {
    response = await request(url, { signal });
  } catch (cause) {
    return fail(cause);
  }
  if (!response.ok) return fail(new Error(`GET ${url}: HTTP ${response.status}`));
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    return fail(cause);
  }
  if (!validate(body)) return fail(new Error(`GET ${url}: the answer has an unexpected shape`));
  return body;
}

/** For `validate`: a JSON list (`isList<Artist>`); its items are the build's to get right. */
export const isList = <T>(body: unknown): body is T[] => Array.isArray(body);

/**
 * POST `payload` as JSON and read the JSON answer whatever its status. Rejects on a network
 * failure or an answer that is not JSON.
 */
export async function postJson(url: string, payload: unknown): Promise<unknown> {
  const response = await request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
  return response.json();
}
