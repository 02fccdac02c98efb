// Global styles first: esbuild orders CSS by import, and components refine the globals.
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from the page");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
