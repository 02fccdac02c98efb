import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { installSiteData, testSiteData } from "./site-data";

// Every test starts with the studio facts the build embeds in each page.
installSiteData(testSiteData);

afterEach(() => {
  cleanup();
  installSiteData(testSiteData);
});
