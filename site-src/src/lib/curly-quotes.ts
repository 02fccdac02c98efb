/**
 * Typewriter quotes as typeset ones: "Ray" → “Ray”, Ray's → Ray’s. A quote opens at the start
 * or after a space, an opening bracket, a dash or another opening quote; otherwise it closes
 * (an apostrophe is a closing single quote). For texts editors type with a keyboard's
 * straight quotes (content/site.yaml), shown where the page sets type, e.g. the memorial.
 */
export function curlyQuotes(text: string): string {
  return text.replace(/["']/g, (quote, offset: number) => {
    const opens = offset === 0 || /[\s([{\u2013\u2014\u201c\u2018-]/.test(text[offset - 1]);
    if (quote === '"') return opens ? "\u201c" : "\u201d";
    return opens ? "\u2018" : "\u2019";
  });
}
