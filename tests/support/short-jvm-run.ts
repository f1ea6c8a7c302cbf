/**
 * JVM flags for the tests' short Java runs (the HTML checker, the EN 16931 schematron in Saxon): the
 * quick compiler only (C2 spent more CPU compiling than it saved in a run of seconds) and one
 * garbage-collector thread. The HTML checker over eight pages: 4.0 s of CPU against 8.8; Saxon over
 * the invoices of ubl.server.test.ts: about 2 s against 5. The same reports either way.
 */
export const SHORT_JVM_RUN = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"] as const;
