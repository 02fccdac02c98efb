import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  define: { __BUILD_YEAR__: String(new Date().getFullYear()), __LANG__: JSON.stringify("all") },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // A component test renders a whole form in jsdom: seconds on a busy 2-core CI runner, where
    // Vitest's 5 s default timed out tests that pass in under one here.
    testTimeout: 20_000,
  },
});
