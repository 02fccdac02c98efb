import { lazy, type ComponentType } from "react";
import { getAppManifest } from "./app-manifest";

/** Load a stylesheet once; resolves when it has applied (or failed: the screen still shows). */
export function loadStylesheet(href: string): Promise<void> {
  const existing = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find(
    (link) => link.getAttribute("href") === href,
  );
  if (existing) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      console.error(`Failed to load stylesheet ${href}`);
      resolve();
    };
    document.head.appendChild(link);
  });
}

/**
 * React.lazy for a route screen, which also loads the CSS esbuild split out with the screen's
 * chunk (esbuild writes it but never loads it). `name` is the module's file name without
 * extension, the key build.mjs uses in the manifest.
 */
export function lazyScreen<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  return lazy(async () => {
    const styles = getAppManifest().screens[name]?.styles ?? [];
    const [module] = await Promise.all([load(), ...styles.map(loadStylesheet)]);
    return module;
  });
}
