import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The integration files known to run longest, longest first. Vitest starts the files it has timings
 * for longest first, but a fresh clone (CI) has none, and then it starts the largest files first. The
 * embedded leg's twenty kill -9 restarts, a small file, started last and ran on alone for 40 s after
 * the other files had finished (CI, three files at a time: 90 s, 122 s of CPU in 180).
 */
const LONGEST_FIRST = [
  "server/restart-after-kill.process.test.ts",
  "server/embedded-postgres.process.test.ts",
  "server/quote-pdf-crash.process.test.ts",
];

/** Vitest's own order, with the files of LONGEST_FIRST first, in that order. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the other files keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
