// The contact function's public contract: the paths it answers and the limits of reference
// images, read from the one file the function, `serve` and the build read too
// (functions/contact/contract.json; tests/test_contact_contract.py ties them). Named imports,
// so esbuild keeps only these two properties of the JSON in the bundle.
import { images, paths } from "../../../../../functions/contact/contract.json";

export const CONTACT_PATHS: Readonly<typeof paths> = paths;
export const IMAGE_LIMITS: Readonly<typeof images> = images;
