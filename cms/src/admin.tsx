// The editors' admin at /admin/ (docs/editing.md): Decap CMS with the configuration the build
// generates from the content models (admin/config.json, written by generator/site/cms.py),
// the file shapes of content/ Decap does not know (formats.ts: bare lists, plain Markdown, the
// Spanish beside the English), Decap's list widget made to edit translated lists
// (translated-list.tsx), and previews drawn by the site's own components and stylesheet
// (site-src/src/app/admin-previews.tsx), in Spanish when the Spanish is previewed.
import CMS from "decap-cms-app";
import { en } from "decap-cms-locales";
import { useEffect, useState, type ComponentType } from "react";
import {
  AftercarePreview,
  ArtistCardPreview,
  artistDraftFrom,
  clockNow,
  designsFrom,
  FlashPreview,
  piecesFrom,
  PoliciesPreview,
  PortfolioPreview,
  PREVIEW_CSS,
  previewStatus,
  SiteFactsPreview,
  siteDataFrom,
  STUDIO_TIME_ZONE,
  type PortfolioOwner,
} from "../../site-src/src/app/admin-previews";
import { StringsProvider } from "../../site-src/src/i18n/catalog";
import { es as spanishWords } from "../../site-src/src/i18n/es";
import { formats, spanishView, translationsOf } from "./formats";
import { translatedListWidget } from "./translated-list";
import "./deploy-status";
import { keepRefusalsInView } from "./refusals";
import "./sign-in";
import "./sign-in.css";

// The parts of Decap's preview props used here (entry, fields and what getCollection gives
// are Immutable.js values).
type Immutable = { get(key: string): unknown; getIn(path: string[]): unknown; toJS?(): unknown };
type FieldList = { find(test: (field: Immutable) => boolean): Immutable | undefined };
type GetCollection = (collection: string, slug: string) => Promise<Immutable>;
type PreviewProps = {
  entry: Immutable;
  fields: FieldList;
  getAsset(path: string, field?: Immutable): { toString(): string };
  getCollection?: GetCollection;
  // The language previewed (the left pane's), the collection, and Decap's whole state (where
  // the entry's English is while the Spanish is previewed).
  locale?: string;
  collection?: Immutable;
  state?: { entryDraft?: Immutable };
};

// Names from cms.py: collections, and the file collection's file that holds the studio facts.
const ARTISTS = "artists";
const STUDIO = "studio";
const SITE_FILE = "site";
const POLICIES_FILE = "policies"; // the policies collection's one file (content/policies.md)

const plain = (value: unknown): unknown =>
  value && typeof (value as Immutable).toJS === "function" ? (value as Immutable).toJS!() : value;
/** An entry's data as a plain object (getCollection hands it over as Decap loaded it). */
const dataOf = (entry: Immutable): Record<string, unknown> => {
  const data = plain(entry.get("data"));
  return data && typeof data === "object" ? (data as Record<string, unknown>) : {};
};
const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** A field of the entry's form by its path of names (["memorial", "photo"]): it names its media folder. */
function fieldAt(fields: FieldList | undefined, path: string[]): Immutable | undefined {
  let field: Immutable | undefined;
  for (const name of path) {
    field = fields?.find((f) => f.get("name") === name);
    fields = field?.get("fields") as FieldList | undefined;
  }
  return field;
}

/** The URL of a file picked in a field, resolved in that field's own media folder. */
const assetIn =
  (getAsset: PreviewProps["getAsset"], field: Immutable | undefined) =>
  (file: string): string =>
    getAsset(file, field).toString();

// The studio's time zone (site.yaml `timezone:`, hidden in the form), which publish_at is
// written in: read once per visit to the admin, the default until it is in.
let studioTimeZone: Promise<string> | undefined;

function useStudioTimeZone(getCollection: GetCollection | undefined): string {
  const [zone, setZone] = useState(STUDIO_TIME_ZONE);
  useEffect(() => {
    if (!getCollection) return;
    let live = true;
    studioTimeZone ??= getCollection(STUDIO, SITE_FILE).then(
      (site) => text(dataOf(site).timezone).trim() || STUDIO_TIME_ZONE,
      () => STUDIO_TIME_ZONE,
    );
    void studioTimeZone.then((found) => live && setZone(found));
    return () => {
      live = false;
    };
  }, [getCollection]);
  return zone;
}

function ArtistPreview({ entry, fields, getAsset, getCollection }: PreviewProps) {
  const clock = clockNow(useStudioTimeZone(getCollection));
  const photo = assetIn(getAsset, fieldAt(fields, ["photo"]));
  const artist = artistDraftFrom(text(entry.get("slug")), plain(entry.get("data")), photo, clock);
  return <ArtistCardPreview artist={artist} />;
}

/**
 * Whose portfolio or flash it is: the artist's name (for the captions and the default alt text)
 * and whether they are held back (a draft artist's pieces and designs are drafts too), read from
 * their entry.
 */
function usePortfolioOwner(slug: string, getCollection: GetCollection | undefined, timeZone: string): PortfolioOwner {
  const [found, setFound] = useState<{ slug: string; data: Record<string, unknown> } | null>(null);
  useEffect(() => {
    if (!slug || !getCollection) return;
    let live = true;
    getCollection(ARTISTS, slug).then(
      (artist) => live && setFound({ slug, data: dataOf(artist) }),
      () => live && setFound(null), // no such artist (yet): the slug stands in for the name
    );
    return () => {
      live = false;
    };
  }, [slug, getCollection]);
  const data = found?.slug === slug ? found.data : null;
  const name = text(data?.name).trim() || slug;
  return { slug, name, status: data ? previewStatus(data.draft, data.publish_at, clockNow(timeZone)) : undefined };
}

function PortfolioEntryPreview({ entry, fields, getAsset, getCollection }: PreviewProps) {
  // A saved portfolio is named after its artist; a new one says whose it is in `artist`.
  const slug = text(entry.get("slug")) || text(entry.getIn(["data", "artist"]));
  const timeZone = useStudioTimeZone(getCollection);
  const owner = usePortfolioOwner(slug, getCollection, timeZone);
  const photo = assetIn(getAsset, fieldAt(fields, ["pieces", "file"]));
  const pieces = piecesFrom(plain(entry.getIn(["data", "pieces"])), photo, clockNow(timeZone));
  return <PortfolioPreview artist={owner} pieces={pieces} />;
}

function FlashEntryPreview({ entry, fields, getAsset, getCollection }: PreviewProps) {
  // As a portfolio: a saved flash sheet is named after its artist, a new one says whose in `artist`.
  const slug = text(entry.get("slug")) || text(entry.getIn(["data", "artist"]));
  const timeZone = useStudioTimeZone(getCollection);
  const owner = usePortfolioOwner(slug, getCollection, timeZone);
  const picture = assetIn(getAsset, fieldAt(fields, ["pieces", "file"]));
  const designs = designsFrom(plain(entry.getIn(["data", "pieces"])), picture, clockNow(timeZone));
  return <FlashPreview artist={owner} designs={designs} />;
}

function SitePreview({ entry, fields, getAsset }: PreviewProps) {
  const memorial = assetIn(getAsset, fieldAt(fields, ["memorial", "photo"]));
  const brands = assetIn(getAsset, fieldAt(fields, ["brands", "logo"]));
  const site = siteDataFrom(plain(entry.get("data")), (field, file) =>
    field === "memorial" ? memorial(file) : brands(file),
  );
  return <SiteFactsPreview site={site} />;
}

const aftercarePreview =
  (guide: "tattoo" | "piercing"): ComponentType<PreviewProps> =>
  ({ entry }) => <AftercarePreview guide={guide} markdown={text(entry.getIn(["data", "body"]))} />;

const PoliciesEntryPreview = ({ entry }: PreviewProps) => (
  <PoliciesPreview markdown={text(entry.getIn(["data", "body"]))} />
);

// --- previewing the Spanish ---------------------------------------------------------------------

/** A preview in the site's Spanish words (the texts a visitor reads that the site writes). */
const inSpanish =
  (Preview: ComponentType<PreviewProps>): ComponentType<PreviewProps> =>
  (props) => (
    <StringsProvider value={spanishWords}>
      <Preview {...props} />
    </StringsProvider>
  );

/** The fields of the entry's collection (or of its file, in a file collection), as configured. */
function fieldsOf(collection: Immutable | undefined, slug: unknown): unknown {
  const fields = collection?.get("fields");
  if (fields) return plain(fields);
  const files = plain(collection?.get("files"));
  return Array.isArray(files) ? (files as { name?: string; fields?: unknown }[]).find((f) => f.name === slug)?.fields : undefined;
}

/**
 * A translated entry's preview: as it is when the English is previewed; when the left pane is
 * switched to Spanish (Decap previews that pane's language), the site as its Spanish pages will
 * show the entry: the Spanish where given, the English where not, in the site's Spanish words.
 * Decap hands the preview only the Spanish fields then; the English comes from the entry being
 * edited (Decap's state), and without it the preview stays English.
 */
const translatable =
  (Preview: ComponentType<PreviewProps>): ComponentType<PreviewProps> =>
  (props) => {
    const defaultLocale = props.collection?.getIn(["i18n", "default_locale"]);
    const english = plain(props.state?.entryDraft?.getIn(["entry", "data"]));
    if (!props.locale || !defaultLocale || props.locale === defaultLocale || !english || typeof english !== "object") {
      return <Preview {...props} />;
    }
    const fields = fieldsOf(props.collection, props.entry.get("slug"));
    const translations = translationsOf(Array.isArray(fields) ? fields : []);
    const shown = spanishView(english as Record<string, unknown>, plain(props.entry.get("data")), translations);
    return (
      <StringsProvider value={spanishWords}>
        <Preview {...props} entry={withData(props.entry, shown)} />
      </StringsProvider>
    );
  };

/** The entry with other data (plain values: the previews read them as they read Decap's). */
const withData = (entry: Immutable, data: Record<string, unknown>): Immutable => ({
  get: (key) => (key === "data" ? data : entry.get(key)),
  getIn: (path) =>
    path[0] === "data"
      ? path.slice(1).reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), data)
      : entry.getIn(path),
});

// "New Artist" rather than "＋ Artist": words, and no glyph a phone's font may lack.
CMS.registerLocale("en", {
  ...en,
  collection: {
    ...en.collection,
    collectionTop: { ...en.collection.collectionTop, newButton: "New %{collectionLabel}" },
  },
  editor: {
    ...en.editor,
    editorInterface: { ...en.editor.editorInterface, toggleI18n: "Spanish side by side" },
    editorControlPane: {
      ...en.editor.editorControlPane,
      i18n: { ...en.editor.editorControlPane.i18n, copyFromLocale: "Copy from the other language" },
    },
  },
});

// The site's built stylesheet (its URL changes with every front-end change; the build names it).
const stylesheets = document.querySelector<HTMLMetaElement>('meta[name="site-stylesheets"]')?.content ?? "";
for (const href of stylesheets.split(" ").filter(Boolean)) CMS.registerPreviewStyle(href);
CMS.registerPreviewStyle(PREVIEW_CSS, { raw: true });

// Template names: a folder collection's name, or a file's name in a file collection (cms.py);
// a Markdown file's Spanish is the entry "<name>-es" (cms.py, SPANISH_ENTRY).
CMS.registerPreviewTemplate(ARTISTS, translatable(ArtistPreview) as ComponentType);
CMS.registerPreviewTemplate("portfolio", translatable(PortfolioEntryPreview) as ComponentType);
CMS.registerPreviewTemplate("flash", translatable(FlashEntryPreview) as ComponentType);
CMS.registerPreviewTemplate("tattoo", aftercarePreview("tattoo") as ComponentType);
CMS.registerPreviewTemplate("tattoo-es", inSpanish(aftercarePreview("tattoo")) as ComponentType);
CMS.registerPreviewTemplate("piercing", aftercarePreview("piercing") as ComponentType);
CMS.registerPreviewTemplate("piercing-es", inSpanish(aftercarePreview("piercing")) as ComponentType);
CMS.registerPreviewTemplate(POLICIES_FILE, PoliciesEntryPreview as ComponentType);
CMS.registerPreviewTemplate("policies-es", inSpanish(PoliciesEntryPreview) as ComponentType);
CMS.registerPreviewTemplate(SITE_FILE, translatable(SitePreview) as ComponentType);

// Translated lists (translated-list.tsx): Decap's list widget, under its own name.
CMS.registerWidget(translatedListWidget() as unknown as Parameters<typeof CMS.registerWidget>[0]);

// Decap would open every translated entry with the Spanish pane where the preview is. The
// preview stays the first thing an editor sees; the Spanish is one button away ("Spanish side
// by side", the first round button above the preview), and Decap remembers that choice.
const RIGHT_PANE = "cms.right-pane"; // decap-cms-core, EditorInterface.js
if (localStorage.getItem(RIGHT_PANE) === null) localStorage.setItem(RIGHT_PANE, "preview");

// The Spanish formats need to know which fields are translated: the configuration says, so it
// is read (the same file Decap then reads) before Decap starts and reads any entry.
type Config = { collections?: Parameters<typeof formats>[0] };
const configUrl = document.querySelector<HTMLLinkElement>('link[rel="cms-config-url"]')?.href ?? "config.yml";

async function start(): Promise<void> {
  let config: Config = {};
  try {
    const answer = await fetch(configUrl, { credentials: "same-origin" });
    if (answer.ok) config = (await answer.json()) as Config;
  } catch {
    // Decap reads it again and says what is wrong with it.
  }
  for (const [name, { extension, formatter }] of Object.entries(formats(config.collections ?? []))) {
    CMS.registerCustomFormat(name, extension, formatter);
  }
  keepRefusalsInView();
  CMS.init();
}

void start();
