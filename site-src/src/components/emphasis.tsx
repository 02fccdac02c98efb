import type { ReactNode } from "react";

/**
 * A catalog text with its accent marked by asterisks (i18n/catalog.ts), as a heading shows it:
 * "Where Artistry *Meets Precision*" gives Where Artistry <em>Meets Precision</em>.
 */
export function emphasis(text: string): ReactNode {
  return text.split("*").map((part, index) => (index % 2 ? <em key={index}>{part}</em> : part || null));
}
