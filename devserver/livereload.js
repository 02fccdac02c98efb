// `build.py serve` only (never in dist/): reload after a good rebuild, and after a failed one
// show its problems over the page until the next good build, as Vite's dev server does
// (README, "Command line"). Text goes in through textContent only: a message quotes the
// editor's own lines.
(() => {
  const events = new EventSource("/__livereload");
  events.onmessage = () => location.reload();
  events.addEventListener("problems", (event) => show(JSON.parse(event.data)));

  let host = null;

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function hide() {
    host?.remove();
    host = null;
    document.removeEventListener("keydown", onKey);
  }

  function onKey(event) {
    if (event.key === "Escape") hide();
  }

  function show(report) {
    hide();
    host = element("div");
    host.id = "build-error-overlay";
    const root = host.attachShadow({ mode: "open" });
    // A constructed stylesheet: no <style> element, so no dependence on the page's CSP.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    root.adoptedStyleSheets = [sheet];
    const panel = element("section", "panel");
    panel.setAttribute("role", "alert");
    panel.setAttribute("aria-labelledby", "title");
    const title = element("h2", "title", report.title);
    title.id = "title";
    panel.append(title, element("p", "lead", report.lead));
    const list = element("ol", "problems");
    for (const problem of report.problems) {
      const item = element("li");
      if (problem.where) item.append(element("code", "where", problem.where));
      item.append(element("p", "detail", problem.detail));
      list.append(item);
    }
    panel.append(list);
    const close = element("button", "close", "Hide");
    close.type = "button";
    close.addEventListener("click", hide);
    const foot = element("footer");
    foot.append(element("p", "note", report.note), close);
    panel.append(foot);
    root.append(panel);
    document.documentElement.append(host);
    document.addEventListener("keydown", onKey);
  }

  const STYLE = `
    :host { all: initial; }
    .panel {
      position: fixed; inset: 0; z-index: 2147483647; overflow: auto; box-sizing: border-box;
      padding: clamp(16px, 5vw, 56px); background: rgba(0, 0, 0, 0.96); color: #f5f5f5;
      font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    }
    .title {
      margin: 0 auto 8px; max-width: 960px; font-size: clamp(20px, 3vw, 28px); font-weight: 600;
      border-left: 4px solid #ff5c5c; padding-left: 14px;
    }
    .lead, .problems, footer { max-width: 960px; margin-left: auto; margin-right: auto; }
    .lead { margin-top: 0; margin-bottom: 24px; color: #c9c9c9; padding-left: 18px; }
    .problems { list-style: none; padding: 0; display: grid; gap: 12px; }
    li {
      background: #141414; border: 1px solid #2a2a2a; border-radius: 10px; padding: 14px 18px;
      overflow-wrap: anywhere;
    }
    .where {
      display: block; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      color: #ff8a8a; margin-bottom: 4px;
    }
    .detail { margin: 0; white-space: pre-wrap; }
    footer {
      display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center;
      justify-content: space-between; margin-top: 24px; color: #9a9a9a; font-size: 13px;
    }
    .note { margin: 0; flex: 1 1 320px; }
    .close {
      font: inherit; font-size: 14px; color: #000; background: #fff; border: 0;
      border-radius: 999px; padding: 8px 22px; cursor: pointer;
    }
    .close:focus-visible { outline: 2px solid #ff8a8a; outline-offset: 3px; }
  `;
})();
