// Reading respect's JSON report: a retried step's earlier attempts are not failures; a failed check
// is reported with its workflow, step and message.
import { describe, expect, it } from "vitest";
import { failures, readReport } from "../src/respect.mjs";

const check = (passed: boolean, message = "m") => ({ name: "success criteria check", passed, message });
const report = {
  files: {
    "/spec/workflows/x.arazzo.yaml": {
      executedWorkflows: [
        {
          workflowId: "polls",
          status: "success",
          executedSteps: [
            { stepId: "create", status: "success", checks: [check(true)] },
            { stepId: "status", status: "error", checks: [check(false, "still pending")] },
            { stepId: "status", status: "error", checks: [check(false, "in progress")] },
            { stepId: "status", status: "success", checks: [check(true)] },
          ],
        },
        {
          workflowId: "breaks",
          status: "error",
          executedSteps: [{ stepId: "read", status: "error", checks: [check(false, "expected  404\\n got 200")] }],
        },
      ],
    },
  },
};

describe("readReport", () => {
  it("keeps a retried step's last attempt only", () => {
    const [polls] = readReport(report);
    expect(polls?.steps.map((s) => `${s.stepId}:${s.status}`)).toEqual(["create:success", "status:success"]);
    expect(polls?.passed).toBe(true);
  });

  it("names the workflow, step and check of each failure", () => {
    const results = readReport(report);
    expect(results.map((r) => r.passed)).toEqual([true, false]);
    expect(failures(results)).toEqual(["breaks / read: success criteria check: expected 404\\n got 200"]);
  });
});
