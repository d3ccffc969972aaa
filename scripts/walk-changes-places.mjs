// The five changes scripts/walk-changes.mjs walks, each with its places: the hand-edited files without
// which `pnpm build` or `pnpm test` fails or a stage misses the change (generated files are not places:
// a named command rewrites them). A change makes its places of spec/ in the walk's copy (`made`), names
// the ones it cannot make there (`named`: TypeScript and tests of other packages, each with the check
// that fails without it and a text of the file that shows the place still exists), and says what each
// stage's view of the copy must show.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures/walk-changes");

/**
 * @typedef {object} NamedPlace a place outside the walk's reach
 * @property {string} file relative to the repository root
 * @property {string} edit what a person adds there
 * @property {string} caughtBy the check that fails while it is missing ("nothing" when none does)
 * @property {{ file: string, text: string }} evidence a text that shows the place is still kept by
 *   hand (the entry of an existing document, kind or rule)
 */

/**
 * @typedef {object} Change
 * @property {string} label its row in ARCHITECTURE.md's "Where a change goes"
 * @property {string[]} made the places the walk edits in the copy, relative to the repository root
 * @property {NamedPlace[]} named
 * @property {string[]} setup the throw-away files the change is shown on (not its places)
 * @property {(copy: string) => void} apply makes the `made` edits and the `setup` in the copy's spec/
 * @property {Array<{ script: string, writes: string[] }>} regenerate scripts of spec/ that rewrite
 *   generated files after the edits, with the files they may rewrite
 * @property {(views: Views) => Promise<string[]>} see the stages that show the change; throws when one
 *   misses it
 */

/**
 * @typedef {object} CatalogueOperation what the walk reads of an operation of the catalogue
 * @property {string} id
 * @property {string} document
 * @property {string} path
 * @property {{ name: string, action: string } | undefined} resource
 * @property {Array<{ kind: { name: string } | undefined, references: Array<{ reference: string }> }>} rules
 */

/**
 * @typedef {object} Views each stage's view of the copy, as the walk calls it
 * @property {{
 *   operation: (id: string) => CatalogueOperation,
 *   document: (name: string) => { resources: Record<string, { idParameter: string }> },
 *   served: (role?: string) => Array<{ name: string, operations: CatalogueOperation[] }>,
 * }} catalogue loadCatalogue(loadSpec(copy)) (spec/lib/catalogue.mjs)
 * @property {{
 *   documents: Array<{ name: string, mockPort: number }>,
 *   operations: Array<{ id: string, path: string, resource: { action: string } | null }>,
 *   resources: Array<{ name: string, idParameter: string }>,
 * }} emulator describeCatalogue(catalogue) (packages/emulator/scripts/describe.mjs)
 * @property {{
 *   generate: (document: string, operationIds: string[], runtimeDir?: string) => Map<string, string>,
 *   runtimeWith: (kind: string, options?: { exported?: boolean }) => string,
 * }} validator `generate`: the generator's modules of some operations (path -> text), with the
 *   validator's runtime or another; `runtimeWith`: a throw-away runtime that has a check of `kind`
 * @property {{
 *   problems: (implementations: Record<string, string[]>) => string[],
 *   table: (implementations: Record<string, string[]>) => Promise<string>,
 * }} stateRules stateRuleProblems (spec/lib/state-rules.mjs) and the emulator's rules table
 *   (packages/emulator/scripts/rules-table.mjs) for some rule modules
 */

/**
 * @param {string} file
 * @param {string} anchor
 * @param {string} text inserted right after the first occurrence of `anchor`
 */
function insertAfter(file, anchor, text) {
  const current = readFileSync(file, "utf8");
  const at = current.indexOf(anchor);
  if (at < 0) throw new Error(`${file} has no ${JSON.stringify(anchor)}: the walk's edit of it needs updating`);
  writeFileSync(file, `${current.slice(0, at + anchor.length)}${text}${current.slice(at + anchor.length)}`);
}

/**
 * Copies a fixture file or folder (a path under fixtures/walk-changes/spec/) into the copy's spec/.
 * @param {string} copy
 * @param {string} path
 */
function addFixture(copy, path) {
  cpSync(join(fixtures, "spec", path), join(copy, path), { recursive: true });
}

/**
 * Adds a throw-away operation of the ads document: its file and its line under `paths:`.
 * @param {string} copy
 * @param {string} path the URL path
 * @param {string} id the operationId, the fixture's name
 */
function addAdsOperation(copy, path, id) {
  addFixture(copy, `ads/operations/walk/${id}.yaml`);
  insertAfter(
    join(copy, "ads/openapi.yaml"),
    "\npaths:\n",
    `  ${path}:\n    get: {$ref: operations/walk/${id}.yaml}\n`,
  );
}

/**
 * @param {boolean} condition
 * @param {string} message
 */
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** @type {Change} */
const endpoint = {
  label: "an endpoint",
  made: ["spec/ads/operations/walk/getWalkProbe.yaml", "spec/ads/openapi.yaml"],
  named: [],
  setup: [],
  apply(copy) {
    addAdsOperation(copy, "/12/accounts/{account_id}/walk_probe", "getWalkProbe");
  },
  regenerate: [],
  async see({ catalogue, emulator, validator }) {
    const operation = catalogue.operation("getWalkProbe");
    expect(operation.document === "ads", "catalogue: getWalkProbe is not an operation of ads");
    expect(
      emulator.operations.some((o) => o.id === "getWalkProbe" && o.path === operation.path),
      "emulator: describeCatalogue has no route for getWalkProbe",
    );
    const modules = validator.generate("ads", ["getWalkProbe"]);
    expect(modules.has("operations/getWalkProbe.ts"), "validator: no module for getWalkProbe");
    return ["catalogue", "emulator", "validator"];
  },
};

/** The served documents each pinned test lists; a new document joins them. */
const PINNED = '"tailored-audiences", "upload"]';

/** @type {NamedPlace[]} */
const pinnedTests = [
  "spec/lib/model.test.mjs",
  "spec/lib/catalogue.test.mjs",
  "packages/client/test/operations.test.ts",
  "packages/emulator/test/controls.test.ts",
  "packages/emulator/test/validator-parity.test.ts",
  "packages/mock/test/mock.test.ts",
].map((file) => ({
  file,
  edit: "the document in its list of served documents",
  caughtBy: "the test itself",
  evidence: { file, text: PINNED },
}));

/** @type {Change} */
const document = {
  label: "a document",
  made: [
    "spec/documents.json",
    "spec/walk-probe/openapi.yaml",
    "spec/walk-probe/operations/probes/getWalkDocumentProbe.yaml",
  ],
  named: [
    {
      file: "packages/types/src/index.ts",
      edit: "the document's namespace (`export type * as WalkProbe`)",
      caughtBy:
        "@xads/validator's typecheck: its generated src/generated/types.ts imports the namespace from @xads/types",
      evidence: { file: "packages/types/src/index.ts", text: 'export type * as Upload from "./generated/upload.js";' },
    },
    {
      file: "packages/client/src/client-paths.ts",
      edit: "the document's `<Name>Paths` type",
      caughtBy: "packages/client/test/every-operation-types.test.ts (its program imports the document's client)",
      evidence: { file: "packages/client/src/client-paths.ts", text: "export type UploadPaths" },
    },
    {
      file: "packages/client/src/clients.ts",
      edit: "its factory `create<Name>Client` and client types",
      caughtBy: "packages/client/test/every-operation-types.test.ts (its program imports the document's client)",
      evidence: { file: "packages/client/src/clients.ts", text: "export function createUploadClient" },
    },
    {
      file: "packages/client/src/index.ts",
      edit: "the factory and types in the package's exports",
      caughtBy: "packages/client/test/every-operation-types.test.ts (its program imports the document's client)",
      evidence: { file: "packages/client/src/index.ts", text: "createUploadClient" },
    },
    {
      file: "packages/client/src/operations.ts",
      edit: "the document in `DocumentPaths` (how `call` types its operations)",
      caughtBy: "nothing: `call` then types the document's operations as any document's",
      evidence: { file: "packages/client/src/operations.ts", text: "upload: UploadPaths;" },
    },
    {
      file: "packages/client/scripts/generate-type-test.mjs",
      edit: "the document's client in `CLIENTS`",
      caughtBy: 'packages/client/test/every-operation-types.test.ts ("type test: no client for document")',
      evidence: { file: "packages/client/scripts/generate-type-test.mjs", text: 'factory: "createUploadClient"' },
    },
    {
      file: "packages/emulator/src/serve.ts",
      edit: "the document in `DocumentName` (the keys of `listen({ ports })` and `served.urls`)",
      caughtBy: "nothing: the emulator serves the document, untyped",
      evidence: { file: "packages/emulator/src/serve.ts", text: 'export type DocumentName = "auth" |' },
    },
    {
      file: "packages/contract-tests/test/<document>/<document>.contract.test.ts",
      edit: "the document's suite, `contractSuite(<document>)`",
      caughtBy: "nothing: the document's contract cases do not run",
      evidence: {
        file: "packages/contract-tests/test/upload/upload.contract.test.ts",
        text: 'contractSuite("upload")',
      },
    },
    ...pinnedTests,
    {
      file: "packages/emulator/test/signature-readings.test.ts",
      edit: "the document's former host names",
      caughtBy: "the test itself",
      evidence: {
        file: "packages/emulator/test/signature-readings.test.ts",
        text: 'upload: ["https://upload.twitter.com"',
      },
    },
  ],
  setup: [],
  apply(copy) {
    addFixture(copy, "walk-probe");
    const registryPath = join(copy, "documents.json");
    const registry = JSON.parse(readFileSync(registryPath, "utf8"));
    registry.push({
      name: "walk-probe",
      title: "Walk probe",
      role: "api",
      root: "walk-probe/openapi.yaml",
      bundle: "dist/walk-probe.json",
      mockPort: 4099,
      tryOperation: "getWalkDocumentProbe",
    });
    writeFileSync(registryPath, `${JSON.stringify(registry, null, 2)}\n`);
  },
  regenerate: [{ script: "scripts/registry.mjs", writes: ["spec/redocly.yaml"] }],
  async see({ catalogue, emulator, validator }) {
    const served = catalogue.served("api").find((d) => d.name === "walk-probe");
    expect(served?.operations.length === 1, "catalogue: walk-probe is not a served document with its operation");
    expect(
      emulator.documents.some((d) => d.name === "walk-probe" && d.mockPort === 4099) &&
        emulator.operations.some((o) => o.id === "getWalkDocumentProbe"),
      "emulator: describeCatalogue has no walk-probe document with its route",
    );
    const modules = validator.generate("walk-probe", ["getWalkDocumentProbe"]);
    expect(modules.has("operations/getWalkDocumentProbe.ts"), "validator: no module for getWalkDocumentProbe");
    // The first named place, shown: the generated types import a namespace @xads/types does not export.
    expect(
      /import type \{[^}]*\bWalkProbe\b[^}]*\} from "@xads\/types"/.test(modules.get("types.ts") ?? ""),
      "validator: its types.ts no longer imports the document's namespace from @xads/types",
    );
    return ["catalogue", "emulator", "validator"];
  },
};

/** @type {Change} */
const ruleKind = {
  label: "an x-rules kind",
  made: ["spec/rules/kinds/walk-probe.mjs", "spec/rules/index.mjs"],
  named: [
    {
      file: "packages/validator/src/runtime/rules/kinds/<kind>.ts",
      edit: "the kind's check (`export const check`)",
      caughtBy: `the validator's generator ("Write its check ...") and test/kinds.test.ts`,
      evidence: { file: "packages/validator/src/runtime/rules/kinds/exclusive.ts", text: "export const check" },
    },
    {
      file: "packages/validator/src/runtime/index.ts",
      edit: "the check's export (`export { check as <kind>Check }`)",
      caughtBy: `the validator's generator ("is not exported by src/runtime/index.ts")`,
      evidence: {
        file: "packages/validator/src/runtime/index.ts",
        text: 'export { check as exclusiveCheck } from "./rules/kinds/exclusive.js";',
      },
    },
    {
      file: "packages/validator/src/runtime/rules/rule.ts",
      edit: "the kind's rule type in the `Rule` union",
      caughtBy: 'packages/validator/test/kinds.test.ts ("types each of them in the Rule union")',
      evidence: {
        file: "packages/validator/src/runtime/rules/rule.ts",
        text: 'import type { ExclusiveRule } from "./kinds/exclusive.js";',
      },
    },
  ],
  setup: ["spec/ads/operations/walk/getWalkRuleProbe.yaml"],
  apply(copy) {
    addFixture(copy, "rules/kinds/walk-probe.mjs");
    const index = join(copy, "rules/index.mjs");
    insertAfter(
      index,
      'import { createRegistry } from "./registry.mjs";\n',
      'import walkProbe from "./kinds/walk-probe.mjs";\n',
    );
    insertAfter(index, "createRegistry([\n", "  walkProbe,\n");
    // Shown on a throw-away operation that uses the kind.
    addAdsOperation(copy, "/12/accounts/{account_id}/walk_rule_probe", "getWalkRuleProbe");
  },
  regenerate: [
    {
      script: "scripts/x-rules-schema.mjs",
      writes: ["spec/x-rules.schema.json", "spec/README.md", "packages/validator/README.md"],
    },
  ],
  async see({ catalogue, validator }) {
    const [rule] = catalogue.operation("getWalkRuleProbe").rules;
    expect(
      rule?.kind?.name === "walk-probe" &&
        rule.references.map((r) => r.reference).join() === "query.first,query.second",
      "catalogue: getWalkRuleProbe's rule is not read as a walk-probe rule with its two references",
    );
    const refused = (/** @type {string | undefined} */ runtimeDir) => {
      try {
        validator.generate("ads", ["getWalkRuleProbe"], runtimeDir);
        return "";
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    expect(
      refused(undefined).includes("packages/validator/src/runtime/rules/kinds/walk-probe.ts"),
      "validator: without its check the generator does not name packages/validator/src/runtime/rules/kinds/walk-probe.ts",
    );
    expect(
      refused(validator.runtimeWith("walk-probe", { exported: false })).includes(
        "is not exported by src/runtime/index.ts",
      ),
      "validator: with a check the runtime does not export, the generator does not ask for the export",
    );
    const modules = validator.generate("ads", ["getWalkRuleProbe"], validator.runtimeWith("walk-probe"));
    expect(
      (modules.get("operations/getWalkRuleProbe.ts") ?? "").includes('"walk-probe": walkProbeCheck'),
      "validator: with a throw-away check, getWalkRuleProbe's module does not call it",
    );
    return ["catalogue", "validator (refuses it until its check exists, then calls it)"];
  },
};

/** @type {Change} */
const stateRule = {
  label: "a state rule",
  made: ["spec/workflows/state-rules.yaml"],
  named: [
    {
      file: "packages/emulator/src/rules/<module>.ts",
      edit: "the rule module, `implements: [<id>]`",
      caughtBy: "packages/emulator/test/state-rules.test.ts (stateRuleProblems names the rule)",
      evidence: {
        file: "packages/emulator/src/rules/do-not-reach-one-per-account.ts",
        text: 'implements: ["do-not-reach-one-per-account"]',
      },
    },
    {
      file: "packages/emulator/src/rules/index.ts",
      edit: "the module in `stateRules`",
      caughtBy: "packages/emulator/test/state-rules.test.ts (stateRuleProblems names the rule)",
      evidence: {
        file: "packages/emulator/src/rules/index.ts",
        text: '"do-not-reach-one-per-account": doNotReachOnePerAccount,',
      },
    },
  ],
  setup: [],
  apply(copy) {
    const file = join(copy, "workflows/state-rules.yaml");
    const entry = [
      "  - id: walk-probe-rule",
      "    title: A throw-away rule of scripts/walk-changes.mjs",
      "    source: scripts/walk-changes.mjs",
      "    showable: true",
      "",
    ].join("\n");
    writeFileSync(file, `${readFileSync(file, "utf8").trimEnd()}\n${entry}`);
  },
  regenerate: [],
  async see({ stateRules }) {
    const without = stateRules.problems({});
    expect(
      without.some((p) => p.includes('"walk-probe-rule"')),
      "state rules: stateRuleProblems does not name walk-probe-rule, which no module implements",
    );
    const implementations = { "walk-probe-module": ["walk-probe-rule"] };
    expect(
      !stateRules.problems(implementations).some((p) => p.includes("walk-probe-rule")),
      "state rules: stateRuleProblems still names walk-probe-rule with a module that implements it",
    );
    expect(
      (await stateRules.table(implementations)).includes("`src/rules/walk-probe-module.ts`"),
      "emulator: its README's rules table does not show walk-probe-rule's module",
    );
    return ["the state-rules check", "the emulator's rules table"];
  },
};

/** @type {Change} */
const resource = {
  label: "a resource",
  made: [
    "spec/ads/openapi.yaml",
    "spec/ads/operations/walk/listWalkWidgets.yaml",
    "spec/ads/operations/walk/getWalkWidget.yaml",
  ],
  named: [],
  setup: [],
  apply(copy) {
    // The throw-away operations first (endpoints, not this change's places), then the resource.
    addAdsOperation(copy, "/12/accounts/{account_id}/walk_widgets", "listWalkWidgets");
    addAdsOperation(copy, "/12/accounts/{account_id}/walk_widgets/{walk_widget_id}", "getWalkWidget");
    insertAfter(
      join(copy, "ads/openapi.yaml"),
      "\nx-xads-resources:\n",
      "  walk_widget: {idParameter: walk_widget_id, parent: account, id: EntityId}\n",
    );
    for (const [id, action] of [
      ["listWalkWidgets", "list"],
      ["getWalkWidget", "get"],
    ]) {
      insertAfter(
        join(copy, `ads/operations/walk/${id}.yaml`),
        "\ntags: [Accounts]\n",
        `x-xads-resource: {resource: walk_widget, action: ${action}}\n`,
      );
    }
  },
  regenerate: [],
  async see({ catalogue, emulator }) {
    expect(
      catalogue.document("ads").resources.walk_widget?.idParameter === "walk_widget_id" &&
        catalogue.operation("getWalkWidget").resource?.action === "get",
      "catalogue: walk_widget is not a resource of ads with getWalkWidget as its get",
    );
    expect(
      emulator.resources.some((r) => r.name === "walk_widget" && r.idParameter === "walk_widget_id") &&
        emulator.operations.some((o) => o.id === "listWalkWidgets" && o.resource?.action === "list"),
      "emulator: describeCatalogue has no walk_widget resource with its list",
    );
    return ["catalogue", "emulator"];
  },
};

/** In the order the walk prints them. */
export const changes = [endpoint, document, ruleKind, stateRule, resource];
