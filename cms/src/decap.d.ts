// Decap ships no types for its format modules; this is the part formats.ts uses.
declare module "decap-cms-core/dist/esm/formats/yaml.js" {
  const formatter: {
    fromFile(content: string): unknown;
    toFile(data: unknown, sortedKeys?: string[], comments?: Record<string, string>): string;
  };
  export default formatter;
}
