import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { OutputBundle } from "rolldown";
import { defineConfig, type Plugin } from "vite";

/*
 * Browser chunks. Every page's JavaScript is React + React Router (~105 KB gzip) and a few KB of
 * ours, and `npm run bench:size` holds each page to 120 KB. Left to itself the bundler splits our
 * few KB into a dozen small shared chunks (one per combination of routes that import a module),
 * and each file costs compression and request overhead, so three groups are set by hand:
 * - framework: what every page, public or admin, runs: React, React Router, the root route and
 *   the toast provider, scroll handling and error screens it renders. (Not the client entry, which hydrates the page as soon as it
 *   runs: it stays its own chunk, which React Router imports after the route modules.)
 * - layout: the public layout (header, footer, breadcrumbs, chat launcher, call button) and the
 *   small helpers almost every public page uses (meta tags and the business-text filling they
 *   use, JSON-LD, section heading, contact link, the closing call-to-action band).
 * - showcase: project photos (<picture> with upload srcsets) and testimonial cards, which the home
 *   and shop-ceiling-specialists pages both show (the gallery and the admin project list, whose
 *   thumbnails use upload-urls, load it too).
 * Everything else (route modules, lazily loaded code such as the chat panel and zod) is split
 * automatically. Only real files are matched (`$`), not React Router's `?…-client-route` entries.
 */
const FRAMEWORK_MODULES = [
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
  /app[\\/]root\.tsx$/,
  /app[\\/]components[\\/](nonce|inline-stylesheet|scroll-restoration|error-screens|ui[\\/]toast)\.tsx$/,
  /vite[\\/]preload-helper\.js$/,
];
const LAYOUT_MODULES = [
  /app[\\/]components[\\/](layout[\\/][\w-]+|json-ld|ui[\\/]section-heading)\.tsx?$/,
  /app[\\/]features[\\/](seo[\\/]meta|leads[\\/]attribution|chat[\\/]chat-launcher|site[\\/](public-layout|contact-href|business-text|cta-band))\.tsx?$/,
  // A few dozen bytes the home page and the blog share: not worth a file (and a request) of their own.
  /app[\\/]features[\\/]blog[\\/]post-paths\.ts$/,
];
const SHOWCASE_MODULES = [
  /app[\\/]features[\\/](uploads[\\/](project-image|upload-urls)|testimonials[\\/]testimonial-list)\.tsx?$/,
  // A project's address (a few dozen bytes), which the gallery's grid links to.
  /app[\\/]features[\\/]projects[\\/]project-paths\.ts$/,
];
const matchesAny = (patterns: RegExp[]) => (id: string) => patterns.some((re) => re.test(id));

/*
 * Vite wraps each dynamic import() in the browser in a preload helper (about 0.6 KB gzip, on every
 * page) that fetches the imported chunk's dependencies in parallel with it, loads its CSS and
 * reports failures as a `vite:preloadError` event. Lazy chunks here have no CSS (the stylesheet is
 * inlined into the page) and nothing listens for that event, so this plugin swaps in a helper that
 * only adds a modulepreload link per dependency, and leaves out of each list the dependencies the
 * importing chunk already imports statically (they are loaded before it runs) and the imported
 * chunk itself (import() fetches it at once anyway). A failed import still rejects as before.
 */
const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

function lazyImportPreloads() {
  let bundle: OutputBundle = {};
  const staticImports = (fileName: string, found = new Set<string>()) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk") return found;
    for (const dep of chunk.imports) if (!found.has(dep)) staticImports(dep, found.add(dep));
    return found;
  };
  const plugin: Plugin = {
    name: "lazy-import-preloads",
    enforce: "pre",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    load(id) {
      if (id !== PRELOAD_HELPER_ID) return;
      return `const seen = {};
export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? []) {
    if (seen[dep]) continue;
    seen[dep] = true;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = "/" + dep;
    document.head.append(link);
  }
  return load();
};`;
    },
    // Runs before Vite's own generateBundle, which calls resolveDependencies below.
    generateBundle(_options, output) {
      bundle = output;
    },
  };
  const resolveDependencies = (file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = staticImports(hostId);
    return deps.filter((dep) => dep !== file && !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}

const preloads = lazyImportPreloads();

/*
 * The PDF worker threads load their module from disk (app/features/pdf/pdf-pool.server.ts), so the
 * server build emits it as an entry of its own, build/server/pdf-worker.js (sharing chunks with the
 * server), and pdf-worker-url.ts becomes its URL as seen from the chunk that imports it.
 */
function pdfWorkerEntry(): Plugin {
  const urlModule = path.resolve("app/features/pdf/pdf-worker-url.ts");
  let worker = "";
  return {
    name: "pdf-worker-entry",
    // Before Vite's asset plugin, whose resolveFileUrl would answer a URL path under the site's base.
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      worker = this.emitFile({
        type: "chunk",
        id: path.resolve("app/features/pdf/pdf-worker.server.ts"),
        fileName: "pdf-worker.js",
      });
    },
    load(id) {
      if (id === urlModule) return `export default import.meta.ROLLUP_FILE_URL_${worker};`;
    },
    resolveFileUrl({ referenceId, relativePath }) {
      if (referenceId === worker) return `new URL(${JSON.stringify(relativePath)}, import.meta.url).href`;
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle's entry is our Express app, which imports the React Router build,
  // so the app, the DB client and the HTTP layer share one module graph.
  // cssTarget is the same for both builds, so the stylesheet the server inlines into each page
  // (app/components/inline-stylesheet.tsx) is the one the dev/client CSS pipeline produces.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/index.ts" }, target: "node20", cssTarget: "es2022" }
    : {
        target: "es2022",
        cssTarget: "es2022",
        modulePreload: { resolveDependencies: preloads.resolveDependencies },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: matchesAny(FRAMEWORK_MODULES), priority: 20 },
                { name: "layout", test: matchesAny(LAYOUT_MODULES), priority: 10 },
                { name: "showcase", test: matchesAny(SHOWCASE_MODULES), priority: 5 },
              ],
            },
          },
        },
      },
  ssr: {
    // The server build bundles its dependencies (not the development server, whose SSR loads them
    // from node_modules): importing the build then reads and compiles a few files instead of
    // resolving, reading and compiling about 900 modules one by one (0.5–0.75 s of CPU against
    // 0.85–1.15 s). That is each restart after a crash, each `node server.js <command>`, and each
    // server a test starts. Kept out: what loads native code (sharp, argon2, pg's optional native
    // binding), or worker or data files relative to its own module (PGlite's WASM, pino's and
    // piscina's threads, pdfkit's fonts), and React and React Router, which
    // server/react-dom-server.mjs loads before the build does.
    noExternal: command === "build" ? true : undefined,
    external: [
      "@electric-sql/pglite",
      "pg",
      "pino",
      "pino-http",
      "piscina",
      "pdfkit",
      "sharp",
      "@node-rs/argon2",
      "react",
      "react-dom",
      "react-router",
      "@react-router/node",
      "@react-router/express",
    ],
  },
  resolve: {
    tsconfigPaths: true,
    // React Router's package points every import condition at its development build, which differs
    // from the production one it ships beside it only in ENABLE_DEV_WARNINGS (console warnings for
    // developers, ~0.5 KB of every page's JavaScript): the browser gets the production build. (The
    // server keeps the default; it renders the same markup.)
    alias: isSsrBuild
      ? []
      : [
          { find: /^react-router$/, replacement: path.resolve("node_modules/react-router/dist/production/index.mjs") },
          {
            find: /^react-router\/dom$/,
            replacement: path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
          },
        ],
  },
  plugins: [preloads.plugin, pdfWorkerEntry(), tailwindcss(), reactRouter()],
}));
