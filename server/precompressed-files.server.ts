import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Files the build writes brotli (.br) and gzip (.gz) copies of, and that the server never
 * compresses on the fly (server/static-files.server.ts): JavaScript, CSS, SVG, fonts.
 */
export const PRECOMPRESSED_FILES = /\.(js|mjs|css|svg|woff2?|ttf|otf|eot)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every such file
 * under `dir`, unless the copy would not be smaller (woff2 is brotli inside already). Run by
 * react-router.config.ts once the whole browser build is on disk: a Vite compression plugin
 * (vite-plugin-compression2 was tried) sees only Vite's own output and missed the route manifest
 * React Router writes afterwards. Node's zlib does both formats; nothing else is needed.
 * Answers how many copies were written.
 */
export async function precompressFolder(dir: string): Promise<number> {
  const files = (await fs.readdir(dir, { recursive: true, encoding: "utf8" })).filter((f) =>
    PRECOMPRESSED_FILES.test(f),
  );
  const written = await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const source = await fs.readFile(full);
      const copies: Array<[string, Buffer]> = [
        [
          `${full}.br`,
          await brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        ],
        [`${full}.gz`, await gzip(source, { level: 9 })],
      ];
      let count = 0;
      for (const [target, bytes] of copies) {
        if (bytes.length >= source.length) continue;
        await fs.writeFile(target, bytes);
        count++;
      }
      return count;
    }),
  );
  return written.reduce((a, b) => a + b, 0);
}
