// GET /api/aftercare (/api/es/aftercare on a Spanish page): the tattoo and piercing sections, fetched when the screen appears
// (docs/product.md#calls). A missing section gives empty content; a failure is only logged,
// and the cards keep showing 'Loading content...' (docs/product.md#errors).
import { fetchJson, isList } from "../../../lib/api-client";
import type { AftercareSection } from "../../../lib/api-types";
import { apiUrl, type MaybeUntranslated } from "../../../lib/language";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";

/** The two guides; `untranslated` names those a Spanish page shows in English (lib/language.ts). */
export type Aftercare = { tattoo: string; piercing: string } & MaybeUntranslated;

export const AFTERCARE_LOAD_ERROR = "Failed to load aftercare content";

type Section = Partial<AftercareSection> & MaybeUntranslated;
type Sections = (Section | null)[];
const isSections = isList<Section | null>;

export async function getAftercare(signal?: AbortSignal): Promise<Aftercare> {
  return toAftercare(await fetchJson(apiUrl("/aftercare"), { signal, validate: isSections, failure: AFTERCARE_LOAD_ERROR }));
}

function toAftercare(sections: Sections): Aftercare {
  const find = (type: AftercareSection["section_type"]) => sections.find((section) => section?.section_type === type);
  const content = (type: AftercareSection["section_type"]) => {
    const value = find(type)?.content;
    return typeof value === "string" ? value : "";
  };
  const untranslated = (["tattoo", "piercing"] as const).filter((type) => find(type)?.untranslated?.includes("content"));
  return { tattoo: content("tattoo"), piercing: content("piercing"), ...(untranslated.length ? { untranslated } : {}) };
}

export function useAftercare(): QueryState<Aftercare> {
  return useQuery("aftercare", getAftercare, AFTERCARE_LOAD_ERROR, () => {
    const sections = initialAnswer(apiUrl("/aftercare"), isSections);
    return sections && toAftercare(sections);
  });
}
