// The Flash screen's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { flash as en } from "../en/flash";

export type FlashStrings = Strings<typeof en>;

export const flashStrings: Part<FlashStrings> = { en };
