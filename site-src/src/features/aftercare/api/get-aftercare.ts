// GET /api/aftercare: the tattoo and piercing sections, fetched when the screen appears
// (docs/product.md#calls). A missing section gives empty content; a failure is only logged,
// and the cards keep showing 'Loading content...' (docs/product.md#errors).
import { fetchJson, isList } from "../../../lib/api-client";
import type { AftercareSection } from "../../../lib/api-types";
import { useQuery, type QueryState } from "../../../lib/use-query";

export type Aftercare = { tattoo: string; piercing: string };

export const AFTERCARE_LOAD_ERROR = "Failed to load aftercare content";

export async function getAftercare(signal?: AbortSignal): Promise<Aftercare> {
  const sections = await fetchJson("/api/aftercare", {
    signal,
    validate: isList<Partial<AftercareSection> | null>,
    failure: AFTERCARE_LOAD_ERROR,
  });
  const content = (type: AftercareSection["section_type"]) => {
    const value = sections.find((section) => section?.section_type === type)?.content;
    return typeof value === "string" ? value : "";
  };
  return { tattoo: content("tattoo"), piercing: content("piercing") };
}

export function useAftercare(): QueryState<Aftercare> {
  return useQuery("aftercare", getAftercare, AFTERCARE_LOAD_ERROR);
}
