// What bench-lighthouse.mjs uses, resolved from this folder's own node_modules (its own install and
// lockfile: see package.json).
export { default as lighthouse } from "lighthouse";
export { computeMedianRun } from "lighthouse/core/lib/median-run.js";
export * as chromeLauncher from "chrome-launcher";
