// The bundles in dist/ are committed so that reviewers see the effective change of every spec edit.
// After a build they must equal what is committed: otherwise a source changed without its bundle.
import { spawnSync } from "node:child_process";
import { specDir } from "./redocly.mjs";

const diff = spawnSync("git", ["diff", "--stat", "--exit-code", "HEAD", "--", "dist"], {
  cwd: specDir,
  encoding: "utf8",
});
if (diff.status === 0) {
  console.log("dist: the committed bundles match their sources");
} else {
  console.error(diff.stdout || diff.stderr);
  console.error(
    "dist: the committed bundles differ from what the sources build. Run `pnpm build` and commit spec/dist.",
  );
  process.exit(1);
}
