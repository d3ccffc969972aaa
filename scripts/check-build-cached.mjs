// After `pnpm test`, `pnpm build` must be a full cache hit: the tests change no input of a build task
// (a test run once wrote test-results/ into the inputs of the phantom `bundle` tasks that every
// generator depended on). Asks turbo for a dry run of the build and names every task it would run.
import { spawnSync } from "node:child_process";

const turbo = spawnSync("npx", ["turbo", "run", "build", "--dry=json"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (turbo.status !== 0) {
  console.error(turbo.stderr);
  process.exit(1);
}
/** @type {{ tasks: Array<{ taskId: string, command: string, cache: { status: string } }> }} */
const plan = JSON.parse(turbo.stdout);
const misses = plan.tasks.filter((task) => task.command !== "<NONEXISTENT>" && task.cache.status !== "HIT");
if (misses.length > 0) {
  console.error(`pnpm build after pnpm test would run again: ${misses.map((task) => task.taskId).join(", ")}`);
  process.exit(1);
}
console.log(
  `pnpm build after pnpm test: a full cache hit (${plan.tasks.filter((t) => t.command !== "<NONEXISTENT>").length} tasks)`,
);
