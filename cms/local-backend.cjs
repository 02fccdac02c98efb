// The admin's local backend (devserver/cms.py): Decap's decap-server, stopped as soon as the
// dev server that started it is gone. The dev server holds this process's stdin open; its end
// means the dev server exited, however it exited (a SIGTERM leaves it no time to clean up).
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
require("decap-server/dist/index.js");
