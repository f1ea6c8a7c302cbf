import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The integration files known to run longest, longest first. Vitest starts the files it has timings
 * for longest first, but a fresh clone (CI) has none, and then it starts the largest files first. The
 * embedded leg's twenty kill -9 restarts, a small file, started last and ran on alone for 40 s after
 * the other files had finished (CI, three files at a time: 90 s, 122 s of CPU in 180).
 */
const LONGEST_FIRST = [
  "server/embedded-postgres.process.test.ts",
  "server/restart-after-kill.process.test.ts",
  "server/shutdown.process.test.ts",
  "server/quote-pdf-crash.process.test.ts",
  // The next, in the leg that runs each: small files that run long (backups, restores and servers of
  // their own). Left to Vitest's order (largest first), shutdown.process (33 s) started at 58 s and
  // ended the embedded leg at 91 s, 9 s after every other file; backup-cross.postgres ended the
  // PostgreSQL leg alone.
  "server/backup-commands.integration.test.ts",
  "app/features/backup/backup.integration.test.ts",
  "app/features/backup/backup-cross.postgres.test.ts",
  "server/hostile-clients.pglite.test.ts",
  "app/features/backup/backup.pglite.test.ts",
  "server/full-disk.process.test.ts",
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
