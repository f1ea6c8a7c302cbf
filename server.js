// @ts-check
// Entry point. Production: the built server bundle (build/server/index.js), which contains the
// Express app and the React Router build. Development: the same app through Vite, with HMR.
// `node server.js <command>` runs a maintenance command (see server/commands.server.ts).
import fs from "node:fs";
import { loadReactDomServer } from "./server/react-dom-server.mjs";

const [command, ...args] = process.argv.slice(2);
const production = process.env.NODE_ENV === "production" || Boolean(command);
const entry = "./build/server/index.js";

if (production) {
  if (!fs.existsSync(new URL(entry, import.meta.url))) {
    process.stderr.write("The production build is missing: run `npm run build` first (`npm start` does both).\n");
    process.exit(1);
  }
  // Before the build imports it: React's renderer without an async hook on every request (see there).
  if (!command) loadReactDomServer();
  /** @type {{ start: () => Promise<unknown>, runCommand: (c: string, a: string[]) => Promise<number> }} */
  const server = await import(entry);
  if (command) {
    try {
      process.exitCode = await server.runCommand(command, args);
    } catch (error) {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  } else {
    await server.start();
  }
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const server = await devServer.ssrLoadModule("./server/index.ts");
  // Vite's own SIGTERM handler exits at once; the server's shutdown must run instead (it stops the
  // embedded PostgreSQL and releases the DATA_DIR lock, then exits).
  process.removeAllListeners("SIGTERM");
  await server.start({ vite: devServer });
}
