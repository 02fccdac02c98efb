// What the build embeds beside the site data (generator/pages.py: app_manifest): the CSS
// esbuild gathered for each lazily loaded screen, and every route's title and description.

export type AppManifest = {
  screens: Record<string, { styles: string[] }>;
  routes: Record<string, { title: string; description: string }>;
};

const EMPTY: AppManifest = { screens: {}, routes: {} };
let cached: AppManifest | null = null;

export function getAppManifest(): AppManifest {
  if (cached) return cached;
  const text = document.getElementById("app-manifest")?.textContent;
  // Without a manifest (component tests, a page saved by hand) the app still works: lazy
  // screens just bring no extra CSS and titles stay as the HTML set them.
  cached = text ? { ...EMPTY, ...(JSON.parse(text) as Partial<AppManifest>) } : EMPTY;
  return cached;
}

export function resetAppManifestCache(): void {
  cached = null;
}
