import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressFolder } from "./server/precompressed-files.server";

export default {
  ssr: true,
  // Brotli 11 and gzip 9 copies of the browser build's scripts, styles, SVG and fonts, for the
  // server to send as they are (server/static-files.server.ts).
  async buildEnd({ reactRouterConfig }) {
    await precompressFolder(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
