// Adds up the JSON reports of every suite npm test ran and prints one closing line.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
for (const file of fs.readdirSync(dir).sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  let p, f, s;
  if ("numPassedTests" in report) {
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  } else {
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  }
  passed += p;
  failed += f;
  skipped += s;
  lines.push(`  ${path.basename(file, ".json").padEnd(20)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""}`);
}
console.log(`\nTest layers:\n${lines.join("\n")}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || skipped > 0 ? 1 : 0);
