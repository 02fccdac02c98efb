// The aftercare guide's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { aftercare as en } from "../en/aftercare";

export type AftercareStrings = Strings<typeof en>;

export const aftercareStrings: Part<AftercareStrings> = { en };
