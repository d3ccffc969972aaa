// redocly.yaml's rule/descriptions-speak-to-readers (README convention 12), as declared there, on small
// documents: a description or summary that names the seeds or the mock fails; reader-facing text passes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { specDir } from "../lib/model.mjs";
import { lintFixture, ROOT } from "../plugins/lint-fixture.mjs";

const RULE = "rule/descriptions-speak-to-readers";
const definition = parse(readFileSync(join(specDir, "redocly.yaml"), "utf8")).rules[RULE];

/** One operation with a parameter, a response, an example and a component schema, texts as given. */
const fixture = (/** @type {Record<string, string>} */ text) =>
  [
    ROOT,
    "  /things:\n",
    "    get:\n",
    "      operationId: listThings\n",
    `      summary: ${JSON.stringify(text.summary)}\n`,
    `      description: ${JSON.stringify(text.operation)}\n`,
    "      parameters:\n",
    `        - {name: q, in: query, description: ${JSON.stringify(text.parameter)}, schema: {type: string}}\n`,
    "      responses:\n",
    '        "200":\n',
    "          description: ok\n",
    "          content:\n",
    "            application/json:\n",
    "              schema: {$ref: '#/components/schemas/Thing'}\n",
    "              examples:\n",
    `                one: {summary: ${JSON.stringify(text.example)}, value: {}}\n`,
    "components:\n",
    "  schemas:\n",
    "    Thing:\n",
    "      type: object\n",
    `      description: ${JSON.stringify(text.schema)}\n`,
    "      properties:\n",
    `        name: {type: string, description: ${JSON.stringify(text.property)}}\n`,
  ].join("");

/** The problems of the rule, as `line message`, by line. */
function lint(/** @type {string} */ document) {
  return lintFixture({ "openapi.yaml": document }, { rules: [], configured: { [RULE]: definition } })
    .filter((problem) => problem.rule === RULE)
    .sort((a, b) => a.line - b.line)
    .map((problem) => `${problem.line} ${problem.message}`);
}

describe(RULE, () => {
  it("is declared in redocly.yaml at error", () => {
    assert.equal(definition?.severity, "error");
  });

  it("passes descriptions and summaries that speak to readers", () => {
    const clean = fixture({
      summary: "List things",
      operation: "The things of the account. Seeded lists and mockups are words of the API, not notes.",
      parameter: "A search term; its syntax is not documented.",
      example: "A page of things",
      schema: "A thing. Its fields beyond `name` are not documented, so any object is accepted.",
      property: "The thing's name.",
    });
    assert.deepEqual(lint(clean), []);
  });

  it("fails each description or summary that names the seeds or the mock, in any case", () => {
    const noted = fixture({
      summary: "List things (per the seed)",
      operation: "Seed 002 section 4.3 says so.",
      parameter: "The mock answers a fixed value instead.",
      example: "A page, as the seeds show it",
      schema: "The payload shape is not shown in the SEED: the schema is left open.",
      property: "The thing's name.",
    });
    const message = `${definition.message}`;
    // The lines of the operation's summary and description, the parameter, the example's summary and
    // the schema's description; the property's clean description (line 25) passes.
    assert.deepEqual(lint(noted), [`7 ${message}`, `8 ${message}`, `10 ${message}`, `18 ${message}`, `23 ${message}`]);
  });
});
