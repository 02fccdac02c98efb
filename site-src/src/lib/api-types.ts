// Shapes of the static API (docs/product.md#static-api), as generator/site/endpoints.py writes
// them: generated from the build's own shapes (generator/site/api_shapes.py, its JSON Schema
// api-schema.json) into api-types.gen.ts by json-schema-to-typescript (docs/architecture.md,
// "Rules both sides read"). A key the build adds reaches here when the file is regenerated;
// tests/test_api_shapes.py and `npm run check` fail while either file is stale.
import type { Artist } from "./api-types.gen";

export type {
  AftercareSection,
  Artist,
  FlashDesign,
  ImageMeta,
  ImageSource,
  Policies,
  PortfolioItem,
} from "./api-types.gen";

/** Whether an artist takes new tattoo bookings (the statuses: generator/content/rules.json). */
export type Books = Artist["books"];

/** Why `build.py serve` shows a record the public site leaves out for now (drafts, publish_at). */
export type Unpublished = NonNullable<Artist["status"]>;
