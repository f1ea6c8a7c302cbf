import { Transform } from "node:stream";

/**
 * Every page is complete server-rendered HTML, so the hydration JavaScript (~130 KB gzip of React
 * and React Router) is not needed to show it. React Router preloads those modules with
 * `<link rel="modulepreload">` in the head, which the browser fetches at high priority, in
 * competition with the stylesheet and the main image on a slow phone connection. This marks
 * them `fetchpriority="low"`: they still start at once and load in parallel, just behind what
 * the first paint needs. Only the head is rewritten (the links are hoisted there); the rest of
 * the document streams through untouched.
 */
export function lowerModulePreloadPriority(): Transform {
  const END_OF_HEAD = "</head>";
  let head: Buffer[] = [];
  let inBody = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (inBody) return callback(null, chunk);
      head.push(chunk);
      // Bytes, not strings: a chunk may end in the middle of a multi-byte character.
      const buffered = Buffer.concat(head);
      const end = buffered.indexOf(END_OF_HEAD);
      if (end === -1) return callback();
      inBody = true;
      head = [];
      const rewritten = buffered
        .toString("utf8", 0, end)
        .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
      callback(null, Buffer.concat([Buffer.from(rewritten), buffered.subarray(end)]));
    },
    flush(callback) {
      callback(null, head.length ? Buffer.concat(head) : undefined);
    },
  });
}
