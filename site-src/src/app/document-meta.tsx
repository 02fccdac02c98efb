import { useEffect } from "react";
import { useLocation } from "react-router";
import { getAppManifest } from "./app-manifest";

/** Keep the title and meta description right as the visitor moves between routes. */
export function DocumentMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const routes = getAppManifest().routes;
    const key = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const meta = routes[key] ?? routes["/404"];
    if (!meta) return;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
  }, [pathname]);
  return null;
}
