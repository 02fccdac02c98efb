// GET /api/aftercare: the tattoo and piercing sections, fetched when the screen appears
// (docs/product.md#calls). A missing section gives empty content; a failure is only logged,
// and the cards keep showing 'Loading content...' (docs/product.md#errors).
import { fetchJson, isList } from "../../../lib/api-client";
import type { AftercareSection } from "../../../lib/api-types";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";

export type Aftercare = { tattoo: string; piercing: string };

export const AFTERCARE_LOAD_ERROR = "Failed to load aftercare content";

const AFTERCARE_URL = "/api/aftercare";
type Sections = (Partial<AftercareSection> | null)[];
const isSections = isList<Partial<AftercareSection> | null>;

export async function getAftercare(signal?: AbortSignal): Promise<Aftercare> {
  return toAftercare(await fetchJson(AFTERCARE_URL, { signal, validate: isSections, failure: AFTERCARE_LOAD_ERROR }));
}

function toAftercare(sections: Sections): Aftercare {
  const content = (type: AftercareSection["section_type"]) => {
    const value = sections.find((section) => section?.section_type === type)?.content;
    return typeof value === "string" ? value : "";
  };
  return { tattoo: content("tattoo"), piercing: content("piercing") };
}

export function useAftercare(): QueryState<Aftercare> {
  return useQuery("aftercare", getAftercare, AFTERCARE_LOAD_ERROR, () => {
    const sections = initialAnswer(AFTERCARE_URL, isSections);
    return sections && toAftercare(sections);
  });
}
