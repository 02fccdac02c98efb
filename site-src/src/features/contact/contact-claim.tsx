// A flash design claimed on the Flash screen, as the contact form takes it (contact-form.tsx). It
// waits in this tab's sessionStorage under FLASH_CLAIM_KEY (lib/flash-claim.ts writes it;
// claimed-design.test.tsx ties the two). The form reads it once, when it comes to life, and only
// then loads the preview's code: a form without a claim costs nothing more.
import { lazy, Suspense } from "react";
import { contactFormStrings } from "../../i18n/parts/contact-form";
import type { FlashClaim } from "../../lib/flash-claim";

const FLASH_CLAIM_KEY = "flash-claim";
const ClaimedDesign = lazy(() => import("./claimed-design"));

export function storedClaim(): FlashClaim | null {
  try {
    const claim = JSON.parse(sessionStorage.getItem(FLASH_CLAIM_KEY) ?? "null") as FlashClaim | null;
    return typeof claim?.id === "string" ? claim : null;
  } catch {
    return null;
  }
}

export function forgetClaim(): void {
  try {
    sessionStorage.removeItem(FLASH_CLAIM_KEY);
  } catch {
    // no storage: nothing was kept
  }
}

/** The claimed design's preview, with its "remove" button; nothing while its code loads. */
export function ClaimSlot({ claim, onRemove }: { claim: FlashClaim; onRemove: () => void }) {
  return (
    <Suspense fallback={null}>
      <ClaimedDesign claim={claim} onRemove={onRemove} strings={contactFormStrings} />
    </Suspense>
  );
}
