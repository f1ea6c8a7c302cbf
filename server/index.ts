// The server bundle's entry (vite.config.ts builds it to build/server/index.js; server.js loads it,
// or, in development, loads this file through Vite). Each job has its own module:
//   create-app.server.ts        the Express app and its middleware order
//   cached-page-fast-path.server.ts  the HTTP server: cached public pages answered before Express
//   security-headers.server.ts  CSP nonce, helmet, Cross-Origin-Opener-Policy
//   start.server.ts             open the database, start services, listen, shut down gracefully
//   commands.server.ts          maintenance commands (node server.js <command>)
export { createApp, type AppOptions } from "./create-app.server";
export { createHttpServer } from "./cached-page-fast-path.server";
export { runCommand } from "./commands.server";
export { start } from "./start.server";
export { createServices } from "~/services.server";
