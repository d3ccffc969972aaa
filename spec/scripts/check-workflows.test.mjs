import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { specDir } from "../lib/model.mjs";
import { checkWorkflows } from "./check-workflows.mjs";

/** A copy of spec/workflows beside a copy of the bundles, so relative source URLs still resolve. */
function copyOfWorkflows() {
  const root = mkdtempSync(join(tmpdir(), "xads-workflows-"));
  cpSync(join(specDir, "workflows"), join(root, "workflows"), { recursive: true });
  cpSync(join(specDir, "dist"), join(root, "dist"), { recursive: true });
  return join(root, "workflows");
}

test("the committed workflows name only operations the spec has", () => {
  assert.deepEqual(checkWorkflows(), []);
});

test("a step naming an operation the spec lacks is reported with its file, workflow and step", () => {
  const dir = copyOfWorkflows();
  const file = join(dir, "campaign-management.arazzo.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replace("operationId: deleteCampaign", "operationId: removeCampaign"));
  const problems = checkWorkflows(dir);
  assert.ok(
    problems.some((p) =>
      /^campaign-management\.arazzo\.yaml softDeleteWithDeleted step deleteCampaign: ads has no operation removeCampaign$/.test(
        p,
      ),
    ),
    problems.join("\n"),
  );
});

test("an unknown state rule and a repeated workflow id are reported", () => {
  const dir = copyOfWorkflows();
  const file = join(dir, "campaign-management.arazzo.yaml");
  const text = readFileSync(file, "utf8")
    .replace("x-xads-state-rule: irreversible-delete", "x-xads-state-rule: no-such-rule")
    .replace("workflowId: entityStatusTransitions", "workflowId: irreversibleDelete");
  writeFileSync(file, text);
  const problems = checkWorkflows(dir);
  assert.ok(
    problems.some((p) => p.includes('x-xads-state-rule "no-such-rule" is not in state-rules.yaml')),
    problems.join("\n"),
  );
  assert.ok(
    problems.some((p) => p.includes("irreversibleDelete: the workflow id is also used in")),
    problems.join("\n"),
  );
});
