// What the build embeds beside the site data (generator/site/pages.py: app_manifest): every
// route's title and description, so client-side navigation keeps them right.

export type AppManifest = {
  routes: Record<string, { title: string; description: string }>;
};

const EMPTY: AppManifest = { routes: {} };
let cached: AppManifest | null = null;

export function getAppManifest(): AppManifest {
  if (cached) return cached;
  const text = document.getElementById("app-manifest")?.textContent;
  // Without a manifest (component tests, a page saved by hand) titles stay as the HTML set them.
  cached = text ? { ...EMPTY, ...(JSON.parse(text) as Partial<AppManifest>) } : EMPTY;
  return cached;
}

export function resetAppManifestCache(): void {
  cached = null;
}
