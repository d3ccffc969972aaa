// redocly.yaml's rules on the account-level rate-limit headers, as declared there, on a small tree:
// a success answer to a GET with {account_id} in its path must carry them; a success answer on a path
// without {account_id} must not. Error answers and writes are left to the header sets.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { specDir } from "../lib/model.mjs";
import { lintFixture, ROOT } from "../plugins/lint-fixture.mjs";

const ON_ACCOUNT_READS = "rule/account-level-headers-on-account-reads";
const WITHOUT_ACCOUNT = "rule/no-account-level-headers-without-account";
const declared = parse(readFileSync(join(specDir, "redocly.yaml"), "utf8")).rules;

const USER_LEVEL = ["x-rate-limit-limit", "x-rate-limit-remaining", "x-rate-limit-reset"];
const ACCOUNT_LEVEL = [
  ...USER_LEVEL,
  "x-account-rate-limit-limit",
  "x-account-rate-limit-remaining",
  "x-account-rate-limit-reset",
];

/** A header set's file: the headers named, each an integer. */
const headerSet = (/** @type {string[]} */ names) =>
  names.map((name) => `${name}: {schema: {type: integer}}\n`).join("");

/**
 * An operation file: its 200's headers inline from line 5 (a problem names the file), its 404's a
 * shared set, as the documents' error responses do.
 */
const operation = (/** @type {string} */ id, /** @type {string[]} */ success, /** @type {string} */ error) =>
  [
    `operationId: ${id}`,
    "responses:",
    '  "200":',
    "    description: ok",
    "    headers:",
    ...success.map((name) => `      ${name}: {schema: {type: integer}}`),
    '  "404":',
    "    description: not found",
    `    headers: {$ref: ../headers/${error}.yaml}`,
    "",
  ].join("\n");

const files = {
  "openapi.yaml": [
    ROOT,
    "  /accounts/{account_id}/things:\n",
    "    get: {$ref: operations/listThings.yaml}\n",
    "    post: {$ref: operations/createThing.yaml}\n",
    "  /accounts/{account_id}/things/{id}:\n",
    "    get: {$ref: operations/getThing.yaml}\n",
    "  /accounts/{account_id}/others:\n",
    "    get: {$ref: operations/listOthers.yaml}\n",
    "  /categories:\n",
    "    get: {$ref: operations/listCategories.yaml}\n",
    "  /accounts:\n",
    "    get: {$ref: operations/listAccounts.yaml}\n",
  ].join(""),
  "headers/user-level.yaml": headerSet(USER_LEVEL),
  "headers/account-level.yaml": headerSet(ACCOUNT_LEVEL),
  // GETs with an account id: the account-level set on the success; either set on an error answer.
  "operations/listThings.yaml": operation("listThings", ACCOUNT_LEVEL, "user-level"),
  "operations/getThing.yaml": operation("getThing", ACCOUNT_LEVEL, "account-level"),
  // A write on an account's path: neither rule asks anything of it.
  "operations/createThing.yaml": operation("createThing", USER_LEVEL, "account-level"),
  // A GET with an account id whose success lacks the account-level set.
  "operations/listOthers.yaml": operation("listOthers", USER_LEVEL, "user-level"),
  // GETs without an account id: the user-level set alone is right, the account-level set is not.
  "operations/listCategories.yaml": operation("listCategories", USER_LEVEL, "account-level"),
  "operations/listAccounts.yaml": operation("listAccounts", ACCOUNT_LEVEL, "user-level"),
};

/** The problems of one rule, as `file:line message`, by file and line (both rules linted in one run). */
const problems = lintFixture(files, {
  rules: [],
  configured: { [ON_ACCOUNT_READS]: declared[ON_ACCOUNT_READS], [WITHOUT_ACCOUNT]: declared[WITHOUT_ACCOUNT] },
});
const reportedBy = (/** @type {string} */ rule) =>
  problems
    .filter((problem) => problem.rule === rule)
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
    .map((problem) => `${problem.file}:${problem.line} ${problem.message}`);

describe("the account-level header rules of redocly.yaml", () => {
  it("are declared at error", () => {
    assert.equal(declared[ON_ACCOUNT_READS]?.severity, "error");
    assert.equal(declared[WITHOUT_ACCOUNT]?.severity, "error");
  });

  it("fail a success answer to a GET with {account_id} that lacks the account-level headers, only that", () => {
    // listOthers' success headers start on line 5.
    assert.deepEqual(reportedBy(ON_ACCOUNT_READS), [
      `operations/listOthers.yaml:5 ${declared[ON_ACCOUNT_READS].message}`,
    ]);
  });

  it("fail a success answer on a path without {account_id} that carries them, only that", () => {
    // One problem per account-level header, on lines 9 to 11 of listAccounts' success headers.
    const message = declared[WITHOUT_ACCOUNT].message;
    assert.deepEqual(
      reportedBy(WITHOUT_ACCOUNT),
      [9, 10, 11].map((line) => `operations/listAccounts.yaml:${line} ${message}`),
    );
  });
});
