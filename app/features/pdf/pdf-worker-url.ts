// Where the built PDF worker is: null here, where the worker runs from its TypeScript source
// (development, tests). The server build replaces this module with the URL of the emitted
// build/server/pdf-worker.js, relative to whichever chunk imports it (vite.config.ts, pdfWorkerEntry).
const builtPdfWorkerUrl: string | null = null;
export default builtPdfWorkerUrl;
