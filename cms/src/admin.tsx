// The editors' admin at /admin/ (docs/editing.md): Decap CMS with the configuration the build
// generates from the content models (admin/config.json, written by generator/site/cms.py),
// the two file shapes of content/ Decap does not know (formats.ts), and previews drawn by the
// site's own components and stylesheet (site-src/src/app/admin-previews.tsx).
import CMS from "decap-cms-app";
import { en } from "decap-cms-locales";
import type { ComponentType } from "react";
import {
  AftercarePreview,
  ArtistCardPreview,
  PREVIEW_CSS,
} from "../../site-src/src/app/admin-previews";
import { FORMATS } from "./formats";

// The parts of Decap's preview props used here (entry and fields are Immutable.js values).
type Immutable = { get(key: string): unknown; getIn(path: string[]): unknown; toJS?(): unknown };
type PreviewProps = {
  entry: Immutable;
  fields: { find(test: (field: Immutable) => boolean): Immutable | undefined };
  getAsset(path: string, field?: Immutable): { toString(): string };
};

const plain = (value: unknown): unknown =>
  value && typeof (value as Immutable).toJS === "function" ? (value as Immutable).toJS!() : value;
const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

function ArtistPreview({ entry, fields, getAsset }: PreviewProps) {
  const data = (key: string) => entry.getIn(["data", key]);
  const photo = text(data("photo"));
  // The photo field names its own media folder (images/artists/): resolve the file through it.
  const photoField = fields.find((field) => field.get("name") === "photo");
  const specialties = plain(data("specialties"));
  const instagram = text(data("instagram")).trim();
  return (
    <ArtistCardPreview
      artist={{
        slug: text(entry.get("slug")),
        name: text(data("name")),
        photoUrl: photo ? getAsset(photo, photoField).toString() : "",
        yearsExperience: Number(data("years_experience")) || 0,
        specialties: Array.isArray(specialties) ? specialties.map(text).filter(Boolean) : [],
        instagram: instagram || null,
        bio: text(data("bio")),
      }}
    />
  );
}

const aftercarePreview =
  (guide: "tattoo" | "piercing"): ComponentType<PreviewProps> =>
  ({ entry }) => <AftercarePreview guide={guide} markdown={text(entry.getIn(["data", "body"]))} />;

// "New Artist" rather than "＋ Artist": words, and no glyph a phone's font may lack.
CMS.registerLocale("en", {
  ...en,
  collection: {
    ...en.collection,
    collectionTop: { ...en.collection.collectionTop, newButton: "New %{collectionLabel}" },
  },
});

for (const [name, { extension, formatter }] of Object.entries(FORMATS)) {
  CMS.registerCustomFormat(name, extension, formatter);
}

// The site's built stylesheet (its URL changes with every front-end change; the build names it).
const stylesheets = document.querySelector<HTMLMetaElement>('meta[name="site-stylesheets"]')?.content ?? "";
for (const href of stylesheets.split(" ").filter(Boolean)) CMS.registerPreviewStyle(href);
CMS.registerPreviewStyle(PREVIEW_CSS, { raw: true });

// Template names: a folder collection's name, or a file's name in a file collection (cms.py).
CMS.registerPreviewTemplate("artists", ArtistPreview as ComponentType);
CMS.registerPreviewTemplate("tattoo", aftercarePreview("tattoo") as ComponentType);
CMS.registerPreviewTemplate("piercing", aftercarePreview("piercing") as ComponentType);

CMS.init();
