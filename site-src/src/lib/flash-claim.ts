// The design a visitor claimed on the Flash screen, on its way to the contact form.
//
// It is kept in sessionStorage (this tab, until it closes), not in a store of the main bundle:
// the home page's first load carries no byte for it. The contact form reads it when it comes to
// life (features/contact/contact-claim.tsx has its own copy of FLASH_CLAIM_KEY, so that its chunk
// shares none with the Flash screen's; features/contact/claimed-design.test.tsx ties the two), loads the preview
// (features/contact/claimed-design.tsx, a chunk of its own) only when there is one, sends its id
// as `flash`, and forgets it on Remove or once the message is sent. A claim survives a reload.
import type { FlashDesign } from "./api-types";
import type { ImageMeta } from "./site-data";

export const FLASH_CLAIM_KEY = "flash-claim";

// What a claim asks for as it is made: the contact form's code (the contact section hands it in,
// features/contact/contact-section.tsx), fetched while the app goes to the home page, so the form
// is drawn when the page reaches it (issue #44: its place was black until the code came).
let claimed = () => {};

/** Run `prepare` when a design is claimed (the contact section: fetch the form's code). */
export function whenClaimed(prepare: () => void): void {
  claimed = prepare;
}

/** What the form shows and sends: the design's id, its words and a thumbnail. */
export type FlashClaim = Pick<FlashDesign, "id" | "artist_id" | "artist" | "title" | "size" | "price" | "alt"> & {
  image: ImageMeta;
};

export function toClaim(design: FlashDesign): FlashClaim {
  const { id, artist_id, artist, title, size, price, alt, src, width, height, srcset, sources, placeholder } = design;
  return { id, artist_id, artist, title, size, price, alt, image: { src, width, height, srcset, sources, placeholder } };
}

/** Keep `design` as the claim (the one before is replaced); false when the browser keeps nothing. */
export function saveClaim(design: FlashDesign): boolean {
  claimed();
  try {
    sessionStorage.setItem(FLASH_CLAIM_KEY, JSON.stringify(toClaim(design)));
    return true;
  } catch {
    return false; // storage off (some private modes): the visitor names the design in the message
  }
}

/** The claim kept in this tab, if any. */
export function readClaim(): FlashClaim | null {
  try {
    const claim = JSON.parse(sessionStorage.getItem(FLASH_CLAIM_KEY) ?? "null") as FlashClaim | null;
    return typeof claim?.id === "string" && typeof claim.title === "string" ? claim : null;
  } catch {
    return null;
  }
}
