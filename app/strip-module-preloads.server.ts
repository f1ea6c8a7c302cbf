import { Transform } from "node:stream";

const END_OF_HEAD = Buffer.from("</head>");
const PRELOAD = Buffer.from('<link rel="modulepreload"');

/**
 * Removes the `<link rel="modulepreload">` tags React Router puts in the head of each page.
 *
 * Every page is complete server-rendered HTML with its stylesheet inline, so the browser can paint
 * it as soon as the HTML arrives; the ~130 KB (gzip) of React and React Router is only needed to
 * hydrate it, and everything works before that (links, the contact form posts without
 * JavaScript). Preloaded from the head, those modules compete with the HTML and the main image on
 * a slow phone connection and, on a fast one, arrive in time to delay the first paint with
 * hydration. Without the preloads, the module script at the end of the body loads them once the
 * page is parsed. Measured with `npm run bench:lighthouse`: LCP and TBT drop and stop varying from
 * run to run (the JavaScript no longer lands before the first paint).
 *
 * Only the head is rewritten (React hoists the links there); the rest streams through untouched.
 */
export function stripModulePreloads(): Transform {
  let head: Buffer[] = [];
  let inBody = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (inBody) return callback(null, chunk);
      head.push(chunk);
      // Bytes, not strings: a chunk may end in the middle of a multi-byte character, and the head
      // (its inline stylesheet is most of it) is not decoded and encoded again on every page.
      const buffered = head.length === 1 ? chunk : Buffer.concat(head);
      const end = buffered.indexOf(END_OF_HEAD);
      if (end === -1) {
        head = [buffered];
        return callback();
      }
      inBody = true;
      head = [];
      const kept: Buffer[] = [];
      let from = 0;
      for (let at = buffered.indexOf(PRELOAD); at !== -1 && at < end; at = buffered.indexOf(PRELOAD, from)) {
        // The tag ends at its first ">" (no attribute of these holds one).
        const close = buffered.indexOf(">", at);
        if (close === -1 || close >= end) break;
        kept.push(buffered.subarray(from, at));
        from = close + 1;
      }
      if (from === 0) return callback(null, buffered);
      kept.push(buffered.subarray(from));
      callback(null, Buffer.concat(kept));
    },
    flush(callback) {
      callback(null, head.length ? Buffer.concat(head) : undefined);
    },
  });
}
