// The studio policies' strings in every language they have: only their chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { policies as en } from "../en/policies";

export type PoliciesStrings = Strings<typeof en>;

export const policiesStrings: Part<PoliciesStrings> = { en };
