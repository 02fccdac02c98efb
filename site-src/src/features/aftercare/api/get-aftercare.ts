import { useEffect, useState } from "react";
import type { AftercareSection } from "../../../lib/api-types";

// GET /api/aftercare (SPEC 7): the tattoo and piercing sections; a missing one gives empty
// content. A failure is only logged (SPEC 8): the cards keep showing 'Loading content...'.

export type Aftercare = { tattoo: string; piercing: string };

export const AFTERCARE_URL = "/api/aftercare";

/** Fetch the aftercare sections; throws on a network failure or a non-OK answer. */
export async function getAftercare(signal?: AbortSignal): Promise<Aftercare> {
  const response = await fetch(AFTERCARE_URL, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Failed to load aftercare (HTTP ${response.status})`);
  const sections = (await response.json()) as unknown;
  const list: Partial<AftercareSection>[] = Array.isArray(sections) ? sections : [];
  const content = (type: AftercareSection["section_type"]) => {
    const value = list.find((section) => section?.section_type === type)?.content;
    return typeof value === "string" ? value : "";
  };
  return { tattoo: content("tattoo"), piercing: content("piercing") };
}

export type AftercareState = { data: Aftercare | null; error: Error | null; loading: boolean };

/** The aftercare sections, loaded when the screen appears. */
export function useAftercare(): AftercareState {
  const [state, setState] = useState<AftercareState>({ data: null, error: null, loading: true });

  useEffect(() => {
    const controller = new AbortController();
    getAftercare(controller.signal).then(
      (data) => setState({ data, error: null, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Failed to load aftercare content:", error);
        setState({ data: null, error: error instanceof Error ? error : new Error(String(error)), loading: false });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
