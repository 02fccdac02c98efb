import type { ReactNode } from "react";

// PLACEHOLDER (Foundation): the piercings issue replaces this (/piercings).
// The app passes the shared contact section as children; it is rendered last.
export default function PiercingsScreen({ children }: { children?: ReactNode }) {
  return (
    <main>
      <h1>Professional Piercing</h1>
      {children}
    </main>
  );
}
