// Run with `node --test scripts/` (the spec package's test script).
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkHistory, historyProblems } from "./check-history.mjs";

test("the committed change history is valid", () => {
  assert.deepEqual(checkHistory(), []);
});

test("a missing summary names the entry and the field", () => {
  const problems = historyProblems([{ date: "2026-05-27" }]);
  assert.deepEqual(problems, ["entry 0: must have required property 'summary'"]);
});

test("a date that is not on the calendar is refused", () => {
  const problems = historyProblems([{ date: "2026-02-30", summary: "x" }]);
  assert.deepEqual(problems, ["entry 0.date: 2026-02-30 is not a calendar date"]);
});

test("a malformed time and an unknown field are refused", () => {
  const problems = historyProblems([{ date: "2026-03-25", time: "noon", summary: "x", note: "y" }]);
  assert.equal(problems.length, 2);
  assert.match(problems.join("\n"), /entry 0: must NOT have additional properties \(note\)/);
  assert.match(problems.join("\n"), /entry 0\.time: must match pattern/);
});

test("endpoints are METHOD /path or /path", () => {
  assert.deepEqual(historyProblems([{ date: "2026-01-01", summary: "x", endpoints: ["POST /2/tweets", "/2/x"] }]), []);
  assert.equal(historyProblems([{ date: "2026-01-01", summary: "x", endpoints: ["tweets"] }]).length, 1);
});
