import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SHORT_JVM_RUN } from "../short-jvm-run";

// The official EN 16931 UBL schematron (README.md here) run over e-invoices with Saxon-HE: one Java
// process for a whole set of documents (compiling the 900 KB stylesheet is most of the time).

const XSLT = path.resolve(import.meta.dirname, "EN16931-UBL-validation.xslt");
const SAXON_JAR = process.env.SAXON_JAR ?? "/usr/share/java/Saxon-HE.jar";

export type FailedAssert = { id: string; flag: string; location: string; text: string };

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? "";

/** The failed assertions in an SVRL report. */
export function failedAsserts(svrl: string): FailedAssert[] {
  const out: FailedAssert[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1]?.trim() ?? "";
    out.push({ id: attr(m[1]!, "id"), flag: attr(m[1]!, "flag"), location: attr(m[1]!, "location"), text });
  }
  return out;
}

/**
 * Validates each document (name → XML) with the schematron; resolves to each name's failed
 * assertions (fatal and warnings) and the SVRL report. Throws when Java or Saxon is missing: a
 * test that needs them fails rather than skips.
 */
export function validateEn16931(
  documents: Record<string, string>,
): Record<string, { failed: FailedAssert[]; svrl: string }> {
  if (!fs.existsSync(SAXON_JAR))
    throw new Error(`Saxon-HE is missing (${SAXON_JAR}): apt-get install libsaxonhe-java, or set SAXON_JAR`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "en16931-"));
  try {
    const input = path.join(dir, "in");
    const output = path.join(dir, "out");
    fs.mkdirSync(input);
    fs.mkdirSync(output);
    for (const [name, xml] of Object.entries(documents)) fs.writeFileSync(path.join(input, `${name}.xml`), xml);
    const run = spawnSync(
      "java",
      [...SHORT_JVM_RUN, "-cp", SAXON_JAR, "net.sf.saxon.Transform", `-s:${input}`, `-xsl:${XSLT}`, `-o:${output}`],
      { encoding: "utf8", timeout: 120_000 },
    );
    if (run.status !== 0) throw new Error(`Saxon failed (${run.status ?? run.signal}): ${run.error ?? run.stderr}`);
    return Object.fromEntries(
      Object.keys(documents).map((name) => {
        const svrl = fs.readFileSync(path.join(output, `${name}.xml`), "utf8");
        return [name, { failed: failedAsserts(svrl), svrl }];
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
