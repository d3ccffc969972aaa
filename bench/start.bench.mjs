// Time to first URL: `pnpm start` in a fresh copy of the checkout (its tracked and new files, the
// install done and not timed, an empty turbo cache), from the command to the first mock URL and to
// the reference site's URL. The baseline, measured in the same copy, is what the start did before it
// served the mocks first: a cold `pnpm build`, then the mocks.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TARGET_FIRST_URL_SECONDS = 20;
const TARGET_LINES_BEFORE_URLS = 25;
// As a person's shell has it: without the npm_* variables of the `pnpm bench` that runs this.
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name))),
  REDOCLY_TELEMETRY: "off",
  TURBO_TELEMETRY_DISABLED: "1",
  FORCE_COLOR: "0",
};

export default async function run() {
  const copy = freshCopy();
  try {
    const started = await timeStart(copy);
    const baseline = await timeBuildThenMocks(copy);
    return [
      { name: "before: cold pnpm build, then the mocks (first URL)", result: seconds(baseline), ratio: 1, target: "" },
      {
        name: "pnpm start, fresh clone: first mock URL",
        result: seconds(started.firstUrl),
        ratio: started.firstUrl / baseline,
        target: `≤ ${TARGET_FIRST_URL_SECONDS} s`,
        met: started.firstUrl <= TARGET_FIRST_URL_SECONDS,
      },
      {
        name: "pnpm start, fresh clone: reference site URL (cold site build)",
        result: seconds(started.siteUrl),
        ratio: started.siteUrl / baseline,
        target: "",
      },
      {
        name: "pnpm start: lines printed before the first URL",
        result: String(started.linesBefore),
        ratio: "",
        target: `≤ ${TARGET_LINES_BEFORE_URLS}`,
        met: started.linesBefore <= TARGET_LINES_BEFORE_URLS,
      },
    ];
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function freshCopy() {
  const copy = mkdtempSync(join(tmpdir(), "xads-start-bench-"));
  const files = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (files.status !== 0) throw new Error(`git ls-files failed: ${files.stderr}`);
  for (const file of files.stdout.split("\0").filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file), { force: true });
  }
  const install = spawnSync("npx", ["-y", "pnpm@10", "install", "--frozen-lockfile", "--offline"], {
    cwd: copy,
    env,
    encoding: "utf8",
  });
  if (install.status !== 0) throw new Error(`install in the copy failed: ${install.stderr.trim().split("\n").at(-1)}`);
  return copy;
}

/**
 * @param {string} copy
 * @returns {Promise<{ firstUrl: number, siteUrl: number, linesBefore: number }>}
 */
function timeStart(copy) {
  return new Promise((resolveRun, reject) => {
    const began = performance.now();
    const child = spawn("npx", ["-y", "pnpm@10", "start"], {
      cwd: copy,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    /** @type {{ seconds: number, line: number } | undefined} */
    let firstUrl;
    const timer = setTimeout(() => finish(new Error(`pnpm start printed no site URL within 300 s:\n${out}`)), 300_000);
    let finished = false;
    /**
     * @param {Error | undefined} error
     * @param {{ firstUrl: number, siteUrl: number, linesBefore: number }} [value]
     */
    const finish = (error, value) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGINT");
      } catch {}
      const settle = () => (value ? resolveRun(value) : reject(error));
      if (child.exitCode !== null || child.signalCode !== null) settle();
      else child.once("exit", settle);
    };
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const lines = out.split("\n");
      const first = lines.findIndex((line) => line.includes("http://127.0.0.1:"));
      if (first >= 0 && firstUrl === undefined) firstUrl = { seconds: (performance.now() - began) / 1000, line: first };
      // The site URL is itself a URL line, so the first one has been seen by then.
      if (/Reference site\s+http/.test(out) && firstUrl) {
        finish(undefined, {
          firstUrl: firstUrl.seconds,
          siteUrl: (performance.now() - began) / 1000,
          linesBefore: firstUrl.line,
        });
      }
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => {
      if (!/Reference site\s+http/.test(out)) finish(new Error(`pnpm start exited (${code}):\n${out.slice(-2000)}`));
    });
  });
}

/** @param {string} copy */
async function timeBuildThenMocks(copy) {
  const began = performance.now();
  const build = spawnSync(join(copy, "node_modules/.bin/turbo"), ["run", "build", "--force", "--output-logs=none"], {
    cwd: copy,
    env,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`cold build failed: ${build.stdout.slice(-500)}${build.stderr.slice(-500)}`);
  const { startMocks } = await import(pathToFileURL(join(copy, "packages/mock/src/index.mjs")).href);
  const mocks = await startMocks({ ports: "free" });
  const elapsed = (performance.now() - began) / 1000;
  await mocks.stop();
  return elapsed;
}

/** @param {number} value */
function seconds(value) {
  return `${value.toFixed(1)} s`;
}
