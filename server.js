// @ts-check
// Entry point. Production: the built server bundle (build/server/index.js), which contains the
// Express app and the React Router build. Development: the same app through Vite, with HMR.
const production = process.env.NODE_ENV === "production";

if (production) {
  const entry = "./build/server/index.js";
  /** @type {{ start: () => Promise<unknown> }} */
  const server = await import(entry);
  await server.start();
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const server = await devServer.ssrLoadModule("./server/app.ts");
  await server.start({ vite: devServer });
}

export {};
