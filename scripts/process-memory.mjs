// Resident memory of a server and every process it started (the whole tree), for the benchmarks.
import fs from "node:fs";

/** Resident memory (kB) of a process and all its descendants, from /proc. */
export function treeRssKb(rootPid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop();
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // Gone.
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * Resident (RSS) and proportional (PSS) memory, kB, of a process tree, split into the node
 * process(es) and the rest (e.g. an embedded PostgreSQL server and its backends). RSS counts a
 * shared page once per process mapping it (PostgreSQL's shared buffers, its binary and libraries,
 * in every backend); PSS divides each shared page among the processes sharing it, so the PSS of a
 * tree is what it really occupies (pages shared only within the tree are counted once).
 */
export function treeMemoryKb(rootPid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const result = { rss: 0, pss: 0, nodeRss: 0, nodePss: 0, otherRss: 0, otherPss: 0, processes: 0 };
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop();
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      const rss = Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      const pss = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      const comm = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      result.rss += rss;
      result.pss += pss;
      result.processes++;
      if (comm === "node" || comm.startsWith("node")) {
        result.nodeRss += rss;
        result.nodePss += pss;
      } else {
        result.otherRss += rss;
        result.otherPss += pss;
      }
    } catch {
      // Gone.
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return result;
}
