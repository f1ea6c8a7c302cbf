import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { createApp as CreateApp } from "../../server/app";
import { setDatabase, type Database } from "~/db/client.server";
import { getEnv } from "~/env.server";

const buildEntry = path.resolve("build/server/index.js");

/** The production server bundle (npm run build); HTTP tests exercise exactly what ships. */
export async function loadBuiltApp(): Promise<{ createApp: typeof CreateApp }> {
  if (!fs.existsSync(buildEntry)) throw new Error(`${buildEntry} is missing: run "npm run build" before the integration tests`);
  return import(pathToFileURL(buildEntry).href);
}

/** Serves the built app on an ephemeral port around the given database. */
export async function serveBuiltApp(database: Database, envOverrides: Record<string, string> = {}) {
  const { createApp } = await loadBuiltApp();
  setDatabase(database);
  const env = { ...getEnv({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", ...envOverrides }) };
  const app = createApp({ env, database, logger: pino({ level: "silent" }), clientDir: path.resolve("build/client") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
