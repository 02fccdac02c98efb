// The admin's local backend (devserver/cms.py): Decap's decap-server behind a gate.
//
// decap-server's file-system mode reads and writes any path under the folder it is given
// (the whole checkout: the code, .git/, the contact outbox), takes any Host header, and
// passes on actions it does not implement. No option of its own narrows that, and no
// package confines it, so this gate does (hand-written for that reason, docs/editing.md,
// "The local backend"). Every request passes, in this order:
//   1. its Host must be this server's own address (a DNS-rebinding page sends its name);
//   2. only POST (and CORS's OPTIONS) to /api/v1, a JSON body of at most BODY_LIMIT;
//   3. only the actions the admin uses in this mode;
//   4. every path the action carries (read from decap-server 3.11's own schema,
//      src/middlewares/joi/index.ts and localFs/index.ts) must name an editable file: an
//      entry of a collection folder with its extension, a file collection's file, or a file
//      directly in a media folder; no "..", no hidden names, and no link on the way;
//   5. the files a listing answers are checked the same way before they leave.
//   6. a save, an upload or a delete the build would refuse is refused before anything is
//      written: devserver/cms_save_check.py runs the content check on the folder exactly as
//      decap-server would leave it (changeOf), one change at a time, and the editor reads
//      the check's own messages (docs/editing.md, "The local backend").
// Anything refused gets a JSON answer saying why and what is allowed; nothing is read or
// written for it. The gate's settings come from devserver/cms.py (CMS_GATE, JSON).
//
// The dev server holds this process's stdin open; its end means the dev server exited,
// however it exited (a SIGTERM leaves it no time to clean up).
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const express = require("express");
const cors = require("cors");
const { registerLocalFs } = require("decap-server/dist/middlewares.js");

process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();

const BODY_LIMIT = "50mb"; // decap-server's own limit: photos arrive base64 in the JSON
const MAX_PATH_CHARS = 1024;
const CHECK_TIMEOUT_MS = 120_000; // the content check of a studio with thousands of photos
const CHECK_OUTPUT_LIMIT = 1024 * 1024;
const PROBLEMS_SHOWN = 8;
const HOLD_LIMIT_MS = CHECK_TIMEOUT_MS + 60_000; // a change's turn at most: its check and its writes
const MOVE_WAIT_MS = 10_000; // decap-server's renames, after its answer
// The actions that write; they are checked (6) and done one at a time.
const WRITING = new Set(["persistEntry", "persistMedia", "deleteFile", "deleteFiles"]);

// Actions of decap-server's "fs" mode the admin sends. The editorial-workflow actions
// (unpublishedEntry...) exist only in its git mode and are refused here.
const PATH_FIELDS = {
  info: () => [],
  getDeployPreview: () => [],
  entriesByFolder: (p) => [["folder", p.folder]],
  getMedia: (p) => [["folder", p.mediaFolder]],
  entriesByFiles: (p) => list(p.files).map((f) => ["file", f && f.path]),
  getEntry: (p) => [["file", p.path]],
  getMediaFile: (p) => [["file", p.path]],
  persistMedia: (p) => [["file", p.asset && p.asset.path]],
  deleteFile: (p) => [["file", p.path]],
  deleteFiles: (p) => list(p.paths).map((one) => ["file", one]),
  persistEntry: (p) => [
    ...[p.entry, ...list(p.dataFiles)]
      .filter((d) => d !== undefined)
      .flatMap((d) => dataFilePaths(d)),
    ...list(p.assets).map((a) => ["file", a && a.path]),
  ],
};

function list(value) {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function dataFilePaths(dataFile) {
  if (!dataFile || typeof dataFile !== "object") return [["file", dataFile]];
  const paths = [["file", dataFile.path]];
  if (dataFile.newPath !== undefined) {
    paths.push(["file", dataFile.newPath]);
    // decap-server moves every file of the old folder with a renamed entry: same folder only.
    if (path.posix.dirname(String(dataFile.newPath)) !== path.posix.dirname(String(dataFile.path))) {
      paths.push(["rename", dataFile.newPath]);
    }
  }
  return paths;
}

function loadSettings() {
  const settings = JSON.parse(process.env.CMS_GATE || "{}");
  const port = Number(process.env.PORT);
  return {
    root: path.resolve(process.env.GIT_REPO_DIRECTORY),
    content: settings.content, // the content folder, relative to root (may itself be a link)
    hosts: new Set(["127.0.0.1", "localhost", "[::1]"].map((name) => `${name}:${port}`)),
    folders: new Map(settings.folders.map((f) => [f.folder, f.extension])),
    files: new Set(settings.files),
    media: new Set(settings.media),
    check: settings.check, // {command: [...], cwd}: devserver/cms_save_check.py
    oneAtATime: queueOfOne(), // the changes, one after the other (6)
  };
}

function allowedText(gate) {
  const entries = [...gate.folders].map(([folder, ext]) => `${folder}/*.${ext}`);
  const media = [...gate.media].map((folder) => `${folder}/*`);
  return [...entries, ...gate.files, ...media].join(", ");
}

// Why `value` may not be used as a `kind` path ("folder", "file" or "rename"), or null.
function refusal(gate, kind, value) {
  if (kind === "rename") return "an entry may only be renamed within its own folder";
  if (typeof value !== "string" || value.length === 0) return "a path must be text";
  if (value.length > MAX_PATH_CHARS) return "the path is too long";
  // Control characters (NUL above all) and backslashes: no name the admin writes has them.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "the path holds characters no file name has";
  const parts = value.split("/");
  if (parts.some((part) => part === "" || part.startsWith("."))) {
    return "the path must be relative, without '.', '..', hidden names or empty parts";
  }
  const folder = parts.slice(0, -1).join("/");
  const name = parts[parts.length - 1];
  const ok =
    kind === "folder"
      ? gate.folders.has(value) || gate.media.has(value)
      : gate.files.has(value) ||
        gate.media.has(folder) ||
        (gate.folders.has(folder) && name.endsWith(`.${gate.folders.get(folder)}`));
  if (!ok) return "it is not a file the admin edits";
  return linkOnTheWay(gate, parts);
}

// Nothing below the content folder may be a link: lstat each part that exists.
function linkOnTheWay(gate, parts) {
  const skip = gate.content.split("/").length;
  let current = path.join(gate.root, ...parts.slice(0, skip));
  for (const part of parts.slice(skip)) {
    current = path.join(current, part);
    let stat;
    try {
      stat = fs.lstatSync(current);
    } catch (error) {
      if (error.code === "ENOENT") return null; // a new file (or folder) is fine
      return "the path cannot be read";
    }
    if (stat.isSymbolicLink()) return "the path goes through a link";
  }
  return null;
}

function refuse(res, status, error) {
  res.status(status).json({ error });
}

function createGate(gate) {
  const app = express();
  app.disable("x-powered-by");
  // 1. Host first: before CORS, routing or reading a byte of the body.
  app.use((req, res, next) => {
    const host = String(req.headers.host || "").toLowerCase();
    if (gate.hosts.has(host)) return next();
    const shown = JSON.stringify(host.slice(0, 100));
    const known = [...gate.hosts].join(", ");
    return refuse(res, 421, `this server answers only as ${known}, not ${shown}`);
  });
  app.use(cors({ origin: process.env.ORIGIN, methods: ["POST"] }));
  // 2. One route, one method, a bounded JSON body.
  app.use((req, res, next) => {
    if (req.path !== "/api/v1") return refuse(res, 404, "the local backend answers /api/v1 only");
    if (req.method !== "POST") return refuse(res, 405, "the local backend takes POST only");
    return next();
  });
  app.use(express.json({ limit: BODY_LIMIT, strict: true }));
  app.use((err, req, res, next) => {
    if (!err) return next();
    const status = err.status === 413 ? 413 : 400;
    return refuse(res, status, status === 413 ? "the request is too large" : "the request is not JSON");
  });
  // 3 and 4. Known actions only; every path they carry inside what editors edit.
  app.use((req, res, next) => {
    const body = req.body && typeof req.body === "object" ? req.body : {};
    const fields = Object.hasOwn(PATH_FIELDS, body.action) ? PATH_FIELDS[body.action] : null;
    if (fields === null) {
      return refuse(res, 403, `the local backend does not do ${JSON.stringify(String(body.action).slice(0, 60))}`);
    }
    const params = body.params && typeof body.params === "object" ? body.params : {};
    for (const [kind, value] of fields(params)) {
      const why = refusal(gate, kind, value);
      if (why) {
        const shown = JSON.stringify(String(value).slice(0, 200));
        console.error(`admin: refused ${body.action} of ${shown}: ${why}`);
        return refuse(res, 403, `${shown}: ${why}. The admin edits only ${allowedText(gate)}`);
      }
    }
    if (body.action === "entriesByFolder" || body.action === "getMedia") screenListing(gate, res);
    return next();
  });
  // 6. What a save, an upload or a delete would leave must pass the content check, one
  // change at a time: each is judged on the folder the one before it left (two saves sent
  // at once would otherwise both pass against the old folder, whatever they do together).
  app.use((req, res, next) => {
    if (!WRITING.has(req.body.action) || !gate.check) return next();
    return gate.oneAtATime(
      () =>
        new Promise((done) => {
          // A request given up while it waited (the editor saw it fail) is not done later.
          if (res.destroyed || req.socket.destroyed) return done();
          const change = changeOf(gate, req.body.action, req.body.params || {});
          whenWritten(gate, res, change, done);
          if (change.refused) return refuse(res, 400, `Not saved: ${change.refused}`);
          return judge(gate, req, res, next, change);
        }),
    );
  });
  return app;
}

async function judge(gate, req, res, next, change) {
  let verdict;
  try {
    verdict = await runCheck(gate.check, { writes: change.writes, deletes: change.deletes });
  } catch (error) {
    console.error(`admin: the save check failed: ${error.message}`);
    return refuse(res, 500, `Not saved: the change could not be checked (${error.message}).`);
  }
  if (verdict.refused) return refuse(res, 400, `Not saved: ${verdict.refused}`);
  if (verdict.problems.length === 0) return next();
  const shown = verdict.problems.slice(0, PROBLEMS_SHOWN);
  const more = verdict.problems.length - shown.length;
  const lines = [...shown, ...(more > 0 ? [`... and ${more} more (python build.py check lists them all)`] : [])];
  console.error(`admin: refused ${req.body.action}: the site would not build with it`);
  return refuse(res, 422, `Not saved: the site would not build with this change. ${lines.join(" | ")}`);
}

// Runs tasks (functions returning a promise) one after the other, in the order they came.
function queueOfOne() {
  let tail = Promise.resolve();
  return (task) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

// Calls done once this change is over: its answer sent, and when decap-server moved files,
// after the moves (it answers before they are done: localFs/index.ts does not await them),
// so "saved" means on disk and the next change is judged on the moved files. Never later
// than HOLD_LIMIT_MS, so one stuck request cannot stop every later save.
function whenWritten(gate, res, change, done) {
  let over = false;
  const finish = () => {
    if (over) return;
    over = true;
    clearTimeout(limit);
    done();
  };
  const limit = setTimeout(() => {
    console.error("admin: a save took too long; the next one goes ahead");
    finish();
  }, HOLD_LIMIT_MS);
  const end = res.end;
  res.end = function (...args) {
    const moved = res.statusCode < 300 ? change.moves || [] : [];
    movesDone(gate, moved).then(() => {
      try {
        end.apply(this, args);
      } finally {
        finish();
      }
    });
    return this;
  };
}

async function movesDone(gate, moves) {
  const where = (rel) => path.join(gate.root, gate.content, ...rel.split("/"));
  const exists = (file) => fs.promises.lstat(file).then(() => true, () => false);
  const deadline = Date.now() + MOVE_WAIT_MS;
  for (const { from, to } of moves) {
    while (Date.now() < deadline && ((await exists(where(from))) || !(await exists(where(to))))) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

// The folder as decap-server 3.11 leaves it after an action (src/middlewares/localFs and
// utils/fs.ts): persistEntry writes every data file's `raw` at its `path` and every asset,
// then, only when every data file has a `newPath`, moves each from `path` to `newPath` (and
// the files beside it, which step 4 keeps in the same folder: no change); persistMedia
// writes its asset; deleteFile(s) remove. As {writes, deletes} relative to the content
// folder, the moves to wait for, or {refused} for what it cannot be judged on.
function changeOf(gate, action, params) {
  const prefix = `${gate.content}/`;
  const outside = (where) => typeof where !== "string" || !where.startsWith(prefix);
  const rel = (where) => where.slice(prefix.length);
  const result = (written, deletes = [], moves = []) => {
    const named = [...written.keys(), ...deletes];
    const wrong = named.find(outside);
    if (wrong !== undefined) return { refused: `${shownPath(wrong)} is not in the content folder` };
    const writes = [...written].map(([where, data]) => ({ path: rel(where), ...data }));
    const relMoves = moves.map(({ from, to }) => ({ from: rel(from), to: rel(to) }));
    return { writes, deletes: deletes.map(rel), moves: relMoves };
  };
  if (action === "deleteFile" || action === "deleteFiles") {
    return result(new Map(), action === "deleteFile" ? [params.path] : list(params.paths));
  }
  const written = new Map();
  const named = [];
  const asset = (one) => {
    if (!one || typeof one.content !== "string" || one.encoding !== "base64") return null;
    named.push(one.path);
    written.set(one.path, { base64: Buffer.from(one.content, "base64").toString("base64") });
    return one;
  };
  if (action === "persistMedia") {
    if (!asset(params.asset)) return { refused: "an upload must be base64 text" };
    return result(written);
  }
  // persistEntry: `dataFiles`, or the older `entry` alone.
  const dataFiles = params.dataFiles === undefined ? [params.entry] : list(params.dataFiles);
  for (const file of dataFiles) {
    if (!file || typeof file.raw !== "string") return { refused: "an entry's text must be text" };
    named.push(file.path);
    written.set(file.path, { raw: file.raw });
  }
  if (!list(params.assets).every(asset)) return { refused: "an upload must be base64 text" };
  // decap-server's test is `dataFiles.every(dataFile => dataFile.newPath)`: any one without
  // a newPath (or with an empty one), and none moves.
  const moving = dataFiles.every((file) => file.newPath) ? dataFiles : [];
  const moves = moving
    .filter((file) => file.newPath !== file.path)
    .map((file) => ({ from: file.path, to: file.newPath }));
  named.push(...moves.map((move) => move.to));
  // One file named twice: decap-server writes and moves in parallel, so which wins is chance.
  const twice = named.find((where, index) => named.indexOf(where) !== index);
  if (twice !== undefined) return { refused: `${shownPath(twice)} is named twice in one save` };
  for (const { from, to } of moves) {
    written.set(to, written.get(from));
    written.delete(from);
  }
  return result(written, moves.map((move) => move.from), moves);
}

function shownPath(where) {
  return JSON.stringify(String(where).slice(0, 200));
}

// devserver/cms_save_check.py with the change on stdin: {problems: [...]} or {refused}.
function runCheck(check, change) {
  return new Promise((resolve, reject) => {
    const [command, ...args] = check.command;
    const child = spawn(command, args, { cwd: check.cwd, stdio: ["pipe", "pipe", "inherit"] });
    let output = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), CHECK_TIMEOUT_MS);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.length > CHECK_OUTPUT_LIMIT) child.kill("SIGKILL");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", () => {
      clearTimeout(timer);
      try {
        const verdict = JSON.parse(output);
        if (verdict && (Array.isArray(verdict.problems) || typeof verdict.refused === "string")) {
          return resolve({ problems: verdict.problems || [], refused: verdict.refused });
        }
      } catch {
        // reported below
      }
      reject(new Error("the check gave no answer"));
    });
    child.stdin.on("error", () => {}); // a checker that exits early: its answer says why
    child.stdin.end(JSON.stringify(change));
  });
}

// 5. A listing reads what the folder holds; a link or hidden file among it never leaves.
function screenListing(gate, res) {
  const send = res.json.bind(res);
  res.json = (answer) => {
    if (!Array.isArray(answer)) return send(answer);
    const kept = answer.filter((item) => {
      const where = item && (item.file ? item.file.path : item.path);
      return refusal(gate, "file", where) === null;
    });
    return send(kept);
  };
}

async function main() {
  const gate = loadSettings();
  const app = createGate(gate);
  // decap-server's own middlewares (CORS, logging, its schema, the file-system actions)
  // come after the gate; its body parser finds the body already read.
  await registerLocalFs(app, { logLevel: process.env.LOG_LEVEL || "warn" });
  const server = app.listen(Number(process.env.PORT), "127.0.0.1");
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
}

main().catch((error) => {
  console.error(`admin: the local backend could not start: ${error.message}`);
  process.exit(1);
});
