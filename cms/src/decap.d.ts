// Decap ships no types for its format modules; this is the part formats.ts uses.
declare module "decap-cms-core/dist/esm/formats/yaml.js" {
  const formatter: {
    fromFile(content: string): unknown;
    toFile(data: unknown, sortedKeys?: string[], comments?: Record<string, string>): string;
  };
  export default formatter;
}

// Decap's list widget: its control (a React class component) and its registration.
declare module "decap-cms-widget-list" {
  import type { ComponentType } from "react";
  type Widget = {
    name: string;
    controlComponent: ComponentType<Record<string, unknown>>;
    previewComponent: ComponentType<Record<string, unknown>>;
    schema: Record<string, unknown>;
  };
  const DecapCmsWidgetList: {
    Widget(options?: Partial<Widget>): Widget;
    controlComponent: ComponentType<Record<string, unknown>>;
  };
  export default DecapCmsWidgetList;
}

// Decap's Redux store: the entry being edited (the Spanish list watches the English one).
declare module "decap-cms-core/dist/esm/redux/index.js" {
  export const store: {
    getState(): { entryDraft: { get(key: string): unknown } };
    subscribe(listener: () => void): () => void;
    dispatch(action: { type: string }): unknown;
  };
}

// Decap's notifications (the toasts at the top right): refusals.ts sends its own.
declare module "decap-cms-core/dist/esm/actions/notifications.js" {
  export function addNotification(notification: {
    message: string;
    type: "error" | "info" | "success" | "warning";
    dismissAfter?: number | false;
  }): { type: string };
  export function dismissNotification(id: string): { type: string };
}
