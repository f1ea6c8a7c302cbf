// Resident memory of a server and every process it started (the whole tree), for the benchmarks.
import fs from "node:fs";

/**
 * The pid of a process and of all its descendants, from /proc.
 * @param {number} rootPid
 * @returns {number[]}
 */
export function treePids(rootPid) {
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
  const pids = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop();
    pids.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Resident memory (kB) of a process and all its descendants, from /proc. */
export function treeRssKb(rootPid) {
  let total = 0;
  for (const pid of treePids(rootPid)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // Gone.
    }
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
  const result = { rss: 0, pss: 0, nodeRss: 0, nodePss: 0, otherRss: 0, otherPss: 0, processes: 0 };
  for (const pid of treePids(rootPid)) {
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
  }
  return result;
}

/**
 * The physical memory (kB) the tree's processes map, each page counted once however many of the
 * tree's processes map it (PostgreSQL's shared buffers once, not once per backend), and counted in
 * full even if a process outside the tree (another node) maps it too: what the tree needs on a
 * machine of its own. From /proc/PID/pagemap page frame numbers: needs root (else returns null).
 * Heavier than treeRssKb: sample it every few seconds, not every 250 ms.
 */
export function treeUniqueKb(rootPid) {
  const frames = new Set();
  const buf = Buffer.alloc(8 * 16384); // 64 MB of address space per read
  for (const pid of treePids(rootPid)) {
    let smaps;
    let fd;
    try {
      smaps = fs.readFileSync(`/proc/${pid}/smaps`, "utf8");
      fd = fs.openSync(`/proc/${pid}/pagemap`, "r");
    } catch {
      continue;
    }
    try {
      const ranges = [];
      let current;
      for (const line of smaps.split("\n")) {
        const head = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
        if (head) current = [parseInt(head[1], 16), parseInt(head[2], 16)];
        else if (current && line.startsWith("Rss:") && Number(/(\d+)/.exec(line)[1]) > 0) ranges.push(current);
      }
      for (const [start, end] of ranges) {
        for (let page = start / 4096; page < end / 4096; page += 16384) {
          const count = Math.min(16384, end / 4096 - page);
          const n = fs.readSync(fd, buf, 0, count * 8, page * 8);
          for (let i = 0; i + 8 <= n; i += 8) {
            const hi = buf.readUInt32LE(i + 4);
            if (!(hi & 0x80000000)) continue; // not present
            const pfn = buf.readUInt32LE(i) + (hi & 0x7fffff) * 4294967296;
            if (pfn === 0) return null; // no CAP_SYS_ADMIN: frame numbers are hidden
            frames.add(pfn);
          }
        }
      }
    } catch {
      // The process ended meanwhile.
    } finally {
      fs.closeSync(fd);
    }
  }
  return frames.size * 4;
}
