// Decap's list widget, as a translated list needs it (docs/editing.md, "Translating into Spanish").
//
// Decap's i18n edits a list of objects whose items hold translated fields (a portfolio's
// pieces, the timeline) as two lists: the English one in the left pane, the Spanish one beside
// it. Its list widget knows nothing of that: the Spanish list could gain, lose or reorder items
// of its own, and its items would show every field, since the list does not hand Decap's
// "hide this field in this language" down to them. This wraps Decap's own list control:
//
//   - in the English pane, every new item gets a key (formats.ts, ITEM_KEY) that ties it to its
//     Spanish, so that a reordered, added or removed English item keeps its translation;
//   - in the Spanish pane, the list is the English list's items, in its order (a new English
//     item is there at once, untranslated), each with its Spanish; items are not added,
//     removed or moved there; an item shows only its translated fields, and its reference
//     (the field marked `duplicate`: a piece's photo, a figure's number, a brand's name)
//     greyed, with the English value; folded, it is named by its Spanish, or by its English
//     marked "(English)" while untranslated.
//
// Lists of texts (an artist's specialties) and lists nothing in is translated are Decap's own.
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import DecapCmsWidgetList from "decap-cms-widget-list";
import { List, Map } from "immutable";
import { createElement, useSyncExternalStore, type ComponentType } from "react";
import { ITEM_KEY } from "./formats";

type Field = Map<string, unknown>;
type Item = Map<string, unknown>;
type Props = {
  field: Field;
  value?: unknown;
  onChange(value: unknown, metadata?: unknown): void;
  locale?: string;
  collection?: Map<string, unknown>;
  editorControl: ComponentType<Record<string, unknown>>;
  [prop: string]: unknown;
};

const ListControl = DecapCmsWidgetList.controlComponent as ComponentType<Record<string, unknown>>;

// Only in the Spanish pane's items, never saved: the English item, and the folded item's name.
const ENGLISH = "__en";
const SUMMARY = "__summary";

// Decap's i18n marks, as it normalizes them (true: "translate", none given: "none").
const mark = (field: Field | undefined): unknown => field?.get("i18n");
const isItemsList = (field: Field): boolean => mark(field) === "translate" && List.isList(field.get("fields"));

const newKey = (): string => `new-${crypto.randomUUID()}`;

/** Every item of a translated list with its key, a new one given one. */
const keyed = (value: unknown): unknown =>
  List.isList(value)
    ? (value as List<unknown>).map((item) => (Map.isMap(item) && !(item as Item).has(ITEM_KEY) ? (item as Item).set(ITEM_KEY, newKey()) : item))
    : value;

/** Where node is in tree (the path of keys and indexes), by identity. */
function pathTo(tree: unknown, node: unknown, at: (string | number)[] = []): (string | number)[] | null {
  if (tree === node) return at;
  if (Map.isMap(tree) || List.isList(tree)) {
    for (const [key, value] of (tree as Map<string | number, unknown>).entrySeq().toArray()) {
      const found = pathTo(value, node, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The first list under a key of this name in tree, breadth first (a list not found by identity). */
function pathByName(tree: unknown, name: string): (string | number)[] | null {
  const queue: [unknown, (string | number)[]][] = [[tree, []]];
  while (queue.length > 0) {
    const [node, at] = queue.shift()!;
    if (!Map.isMap(node)) continue;
    for (const [key, value] of (node as Map<string, unknown>).entrySeq().toArray()) {
      if (key === name && List.isList(value)) return [...at, key];
      if (Map.isMap(value)) queue.push([value, [...at, key]]);
    }
  }
  return null;
}

/** A summary template ("{{fields.title}}") filled from an item. */
const fill = (template: string, item: Item): string =>
  template
    .replace(/\{\{\s*fields\.([\w.]+)\s*\}\}/g, (_, path: string) => {
      const value = item.getIn(path.split("."));
      return typeof value === "string" || typeof value === "number" ? String(value) : "";
    })
    .trim();

// The controls of a Spanish item's fields: Decap's own, told what Decap's panes tell the fields
// they show themselves (hidden unless translated, the reference greyed). One per control and
// language, so that React keeps them.
const spanishControls = new WeakMap<object, Record<string, ComponentType<Record<string, unknown>>>>();

function spanishControl(Control: ComponentType<Record<string, unknown>>, locale: string) {
  const known = spanishControls.get(Control) ?? {};
  spanishControls.set(Control, known);
  known[locale] ??= function SpanishField(props: Record<string, unknown>) {
    const field = props.field as Field;
    return createElement(Control, {
      ...props,
      isHidden: mark(field) === "none",
      isDisabled: mark(field) === "duplicate",
      isFieldHidden: (inner: Field) => mark(inner) === "none",
      isFieldDuplicate: (inner: Field) => mark(inner) === "duplicate",
      locale,
    });
  };
  return known[locale];
}

/**
 * The English list a Spanish list stands beside, kept up to date: Decap redraws a pane's field
 * when its own value changes, not when the other pane's does, so the entry being edited is
 * watched (Decap's store) for the English list's changes.
 */
function useEnglishList(value: unknown, name: string, locale: string): List<Item> {
  const read = () => {
    const entry = store.getState().entryDraft.get("entry") as Map<string, unknown> | undefined;
    const english = entry?.get("data");
    const spanish = entry?.getIn(["i18n", locale, "data"]);
    const path = (value !== undefined && pathTo(spanish, value)) || pathByName(english, name);
    return path ? (english as Map<string | number, unknown> | undefined)?.getIn(path) : undefined;
  };
  const found = useSyncExternalStore(store.subscribe, read);
  return (List.isList(found) ? (found as List<unknown>) : List()).filter((item) => Map.isMap(item)) as List<Item>;
}

function SpanishList(props: Props & { locale: string }) {
  const { field, value, onChange, locale } = props;
  const items = useEnglishList(value, String(field.get("name")), locale);
  const fields = field.get("fields") as List<Field>;
  const references = fields.filter((f) => mark(f) === "duplicate").map((f) => String(f.get("name")));
  const summary = String(field.get("summary") || `{{fields.${fields.first<Field>()?.get("name")}}}`);

  const translations = new globalThis.Map<unknown, Item>();
  if (List.isList(value)) {
    for (const item of (value as List<unknown>).toArray()) {
      if (Map.isMap(item)) translations.set((item as Item).get(ITEM_KEY), item as Item);
    }
  }
  const shown = items.map((item) => {
    const key = item.get(ITEM_KEY);
    let translation = translations.get(key) ?? (Map({ [ITEM_KEY]: key }) as Item);
    for (const name of references.toArray()) translation = translation.set(name, item.get(name));
    const named = fill(summary, translation);
    const englishName = fill(summary, item);
    return translation
      .set(ENGLISH, item)
      .set(SUMMARY, named || (englishName ? `${englishName} (English)` : ""));
  });
  const plain = (changed: unknown) =>
    List.isList(changed)
      ? (changed as List<unknown>).map((item) =>
          Map.isMap(item) ? (item as Item).delete(ENGLISH).delete(SUMMARY).deleteAll(references.toArray()) : item,
        )
      : changed;

  return createElement(ListControl, {
    ...props,
    // A new English item, a removed or moved one: the Spanish list is drawn afresh (Decap's list
    // keeps its items' identities from when it was first drawn).
    key: items.map((item) => String(item.get(ITEM_KEY))).join("|"),
    field: field.merge({ allow_add: false, allow_remove: false, allow_reorder: false, summary: `{{fields.${SUMMARY}}}` }),
    value: shown,
    onChange: (changed: unknown, metadata?: unknown) => onChange(plain(changed), metadata),
    editorControl: spanishControl(props.editorControl, locale),
  });
}

export function TranslatedListControl(props: Props) {
  const { field, locale, collection } = props;
  const defaultLocale = collection?.getIn(["i18n", "default_locale"]);
  if (!isItemsList(field) || !locale || !defaultLocale) return createElement(ListControl, props);
  if (locale === defaultLocale) {
    return createElement(ListControl, { ...props, onChange: (value: unknown, metadata?: unknown) => props.onChange(keyed(value), metadata) });
  }
  return createElement(SpanishList, { ...props, locale });
}

/** Decap's list widget with this control (registered under its own name, "list", by admin.tsx). */
export const translatedListWidget = () =>
  DecapCmsWidgetList.Widget({ controlComponent: TranslatedListControl as unknown as ComponentType<Record<string, unknown>> });
