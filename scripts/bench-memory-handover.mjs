// bench:memory's handover phase (issue 37): a job with 30 site photos of 4000 × 3000 (12 MP phone
// photos: noise over a gradient, each different, made here with sharp) uploaded to its card one
// after another as "after" photos, signed off by the client, then its handover pack PDF built
// BENCH_HANDOVER_BUILDS times (default 6), BENCH_PDF_MAKERS at once (default 2, as the quote PDF
// makers), while the server's whole process tree's RSS is sampled every 250 ms.
import fs from "node:fs";
import os from "node:os";
import sharp from "sharp";
import { treeMemoryKb } from "./process-memory.mjs";

const PHOTOS = 30;
const BUILDS = Number(process.env.BENCH_HANDOVER_BUILDS ?? 6);

/** The i-th photo: a gradient of its own colour under gaussian noise, so it is as large as a real one. */
export async function photo(i) {
  const width = 4000;
  const height = 3000;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="${(i % 5) / 4}"><stop offset="0" stop-color="hsl(${i * 12},60%,35%)"/><stop offset="1" stop-color="hsl(${(i * 12 + 150) % 360},55%,70%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .raw()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: "soft-light" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * Samples the tree's memory every 250 ms until stopped; `stop()` answers its peaks in kB: the
 * whole tree's RSS and the node processes' (the app and its workers).
 */
export function sampleRss(pid) {
  const peak = { tree: 0, node: 0 };
  const sample = () => {
    const m = treeMemoryKb(pid);
    peak.tree = Math.max(peak.tree, m.rss);
    peak.node = Math.max(peak.node, m.nodeRss);
  };
  sample();
  const timer = setInterval(sample, 250);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/**
 * From here on this process (the benchmark's client) runs at nice 19, below every thread of the
 * server's tree: the phases that read the server's event-loop delay send their requests as browsers
 * on other machines would, without taking a core from the server. At equal priority the client's
 * own threads (sending 40 MB of photos, reading 20 PDFs) were what the event loop waited behind
 * longest (`perf sched`, docs/benchmarks.md). Linux only; it cannot be undone (a process may not
 * raise its own priority), so it comes after the load phase and after every server has started.
 */
export function clientYieldsToServer() {
  if (process.platform !== "linux") return;
  for (const tid of fs.readdirSync("/proc/self/task")) os.setPriority(Number(tid), 19);
}

/**
 * The server's event loop's own CPU time and its time waiting for a core (its main thread's
 * /proc schedstat), in ms since `mainThreadTimes(pid)` was called: `stop()` answers them.
 */
export function mainThreadTimes(pid) {
  const read = () => {
    const [cpuNs, waitNs] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ").map(Number);
    return { cpuNs, waitNs };
  };
  const start = read();
  return () => {
    const end = read();
    return { cpuMs: (end.cpuNs - start.cpuNs) / 1e6, waitMs: (end.waitNs - start.waitNs) / 1e6 };
  };
}

/** The pages of a PDF as its page objects count them (pdfkit writes them uncompressed). */
const pageCount = (pdf) =>
  (
    Buffer.from(pdf)
      .toString("latin1")
      .match(/\/Type\s*\/Page(?![a-z])/g) ?? []
  ).length;

/** The server's event-loop delay since the last scrape, in ms: { p99, max } (and resets it). */
export async function eventLoopLag(origin, metricsToken) {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const seconds = (name) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, "m").exec(text)?.[1]);
  return {
    p99: seconds("nodejs_eventloop_lag_p99_seconds") * 1000,
    max: seconds("nodejs_eventloop_lag_max_seconds") * 1000,
  };
}

/**
 * Runs the phase on a started server (METRICS_TOKEN set to `metricsToken`), signed in as an owner
 * (`cookie`). The server's event-loop delay over the uploads shows whether other requests waited.
 * @returns {Promise<{ photosStored: number, photoBytes: number, uploadMs: number, uploadPeakKb: number,
 *   uploadNodePeakKb: number, uploadPeaksKb: number[], uploadLagP99Ms: number, uploadLagMaxMs: number, builds: number,
 *   packBytes: number, pages: number, firstBuildMs: number, buildMsAverage: number, buildPeakKb: number,
 *   buildNodePeakKb: number, failures: string[] }>}
 */
export async function handoverPhase({ origin, cookie, pid, makers, metricsToken }) {
  const failures = [];
  const call = async (method, path, body) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: { cookie, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text);
  };
  const users = await call("GET", "/api/admin/users");
  const me = (Array.isArray(users) ? users : users.items).find((u) => u.username === "bench");
  const client = await call("POST", "/api/admin/clients", {
    name: "Handover Bench Ltd",
    contacts: [{ name: "Aoife Byrne", email: "aoife@handover-bench.ie", phone: "", role: "Owner" }],
  });
  const job = await call("POST", "/api/admin/jobs", {
    clientId: client.id,
    title: "Suspended ceiling and partitions, third floor",
    site: { address: ["Unit 4", "Sandyford Business Park", "Dublin 18"] },
    service: "suspended-ceilings",
  });
  const day = new Date(Date.now() + 86_400_000);
  day.setUTCHours(8, 0, 0, 0);
  await call("POST", `/api/admin/jobs/${job.id}/days`, {
    start: day.toISOString(),
    end: new Date(day.getTime() + 8 * 3_600_000).toISOString(),
    staffIds: [me.id],
  });
  await call("PUT", `/api/admin/jobs/${job.id}`, { status: "in-progress" });

  // The uploads, one after another as a phone sends them, each photo made just before it goes.
  let photosStored = 0;
  let photoBytes = 0;
  let uploadMs = 0;
  let uploadPeakKb = 0;
  let uploadNodePeakKb = 0;
  /** Each upload's peak (the tree): shows whether the phase's peak is the photos or what the load before left. */
  const uploadPeaksKb = [];
  await eventLoopLag(origin, metricsToken);
  for (let i = 0; i < PHOTOS; i++) {
    const jpeg = await photo(i);
    photoBytes += jpeg.length;
    const stop = sampleRss(pid);
    const started = Date.now();
    const res = await fetch(`${origin}/api/admin/jobs/${job.id}/photos?stage=after`, {
      method: "POST",
      headers: { cookie, "content-type": "image/jpeg" },
      body: new Uint8Array(jpeg),
    });
    await res.arrayBuffer();
    uploadMs += Date.now() - started;
    const peak = stop();
    uploadPeakKb = Math.max(uploadPeakKb, peak.tree);
    uploadNodePeakKb = Math.max(uploadNodePeakKb, peak.node);
    uploadPeaksKb.push(peak.tree);
    if (res.status === 201) photosStored++;
    else failures.push(`photo ${i + 1}: ${res.status}`);
  }
  const uploadLag = await eventLoopLag(origin, metricsToken);

  await call("PUT", `/api/admin/jobs/${job.id}`, { status: "snagging" });
  const token = job.clientLink.split("/j/")[1];
  const signed = await fetch(`${origin}/j/${token}/sign-off`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Aoife Byrne", agree: true }),
  });
  if (signed.status !== 200) throw new Error(`the sign-off answered ${signed.status}: ${await signed.text()}`);

  const build = async () => {
    const started = Date.now();
    const res = await fetch(`${origin}/api/admin/jobs/${job.id}/handover.pdf`, { headers: { cookie } });
    const pdf = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200 || !res.headers.get("content-type")?.includes("application/pdf")) {
      failures.push(`handover pack: ${res.status}`);
      return null;
    }
    return { pdf, ms: Date.now() - started };
  };
  const stop = sampleRss(pid);
  const first = await build();
  let builds = first ? 1 : 0;
  let buildMs = 0;
  let left = BUILDS - 1;
  const maker = async () => {
    while (left-- > 0) {
      const made = await build();
      if (made) {
        builds++;
        buildMs += made.ms;
      }
    }
  };
  await Promise.all(Array.from({ length: makers }, maker));
  const buildPeak = stop();
  return {
    photosStored,
    photoBytes,
    uploadMs,
    uploadPeakKb,
    uploadNodePeakKb,
    uploadPeaksKb,
    uploadLagP99Ms: uploadLag.p99,
    uploadLagMaxMs: uploadLag.max,
    builds,
    packBytes: first?.pdf.length ?? 0,
    pages: first ? pageCount(first.pdf) : 0,
    firstBuildMs: first?.ms ?? 0,
    buildMsAverage: builds > 1 ? Math.round(buildMs / (builds - 1)) : 0,
    buildPeakKb: buildPeak.tree,
    buildNodePeakKb: buildPeak.node,
    failures,
  };
}
