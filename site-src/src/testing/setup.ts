import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { installSiteData, testSiteData } from "./site-data";

// findBy* waits for lazy screens; on a loaded 2-core CI machine their chunks can take
// longer than the default 1 s to load, so wait up to 5 s before calling it missing.
configure({ asyncUtilTimeout: 5000 });

// Every test starts with the studio facts the build embeds in each page.
installSiteData(testSiteData);

afterEach(() => {
  cleanup();
  installSiteData(testSiteData);
});
