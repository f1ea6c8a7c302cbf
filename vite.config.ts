import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, which imports the React Router build,
  // so the app, the DB client and the HTTP layer share one module graph.
  // cssTarget is the same for both builds, so the stylesheet the server inlines into each page
  // (app/components/inline-stylesheet.tsx) is the one the dev/client CSS pipeline produces.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20", cssTarget: "es2022" }
    : { target: "es2022", cssTarget: "es2022" },
  ssr: {
    // PGlite loads its WASM and data files relative to its own module; keep it external.
    external: ["@electric-sql/pglite", "pg", "pino", "pino-http"],
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
