// The schema compiler against Ajv (JSON Schema 2020-12, full formats): the same verdict on every
// component schema of every document, for its examples and for mutations of them, and on a table of
// keyword cases. The slow path (errors) always agrees with the fast path (yes/no), and reports at
// least one error whenever it says no.
import { type Node, resolve } from "@xads/spec/lib/operations.mjs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { DocumentCompiler } from "../../scripts/compile/schema-compiler.mjs";
import { examplesOf, loadBundles } from "../spec/bundles.js";
import { evaluate, verdict } from "./evaluate.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
  options: { mode: "full" },
) => void;

function newAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, unicodeRegExp: false });
  addFormats(ajv, { mode: "full" });
  // Number formats as the compiler reads them (ajv-formats has no float/double).
  ajv.addFormat("float", { type: "number", validate: () => true });
  ajv.addFormat("double", { type: "number", validate: () => true });
  return ajv;
}

/** Example values found in a schema tree: `example`, `examples`, `default`, enum and const values. */
function examplesIn(document: Node, schema: unknown, depth = 0, out: unknown[] = []): unknown[] {
  const node = resolve<Node>(document, schema);
  if (!node || typeof node !== "object" || depth > 3) return out;
  if (node.example !== undefined) out.push(node.example);
  if (Array.isArray(node.examples)) out.push(...node.examples);
  if (node.default !== undefined) out.push(node.default);
  if (Array.isArray(node.enum)) out.push(...node.enum.slice(0, 3));
  if ("const" in node) out.push(node.const);
  for (const branch of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])])
    examplesIn(document, branch, depth + 1, out);
  return out;
}

const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  "",
  "x",
  "2026-01-05T00:00:00Z",
  true,
  [],
  {},
  ["a"],
  { a: 1 },
];

/** A value and single mutations of it: each property removed or replaced, each item replaced, items added. */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [value, ...ODD_VALUES];
  if (Array.isArray(value)) {
    out.push([...value, ...value], []);
    value.slice(0, 3).forEach((_, index) => {
      for (const odd of ODD_VALUES.slice(0, 8)) out.push(value.map((item, i) => (i === index ? odd : item)));
    });
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const { [key]: _, ...rest } = record;
      out.push(rest);
      for (const odd of ODD_VALUES) out.push({ ...record, [key]: odd });
      const inner = record[key];
      if (inner && typeof inner === "object")
        for (const nested of mutations(inner).slice(ODD_VALUES.length + 1, 40)) out.push({ ...record, [key]: nested });
    }
    out.push({ ...record, unexpected_property: 1 });
  }
  return out;
}

/** Every schema of a document to compare: its components, and each operation's body and response schemas. */
function targets(bundle: ReturnType<typeof loadBundles>[number]) {
  const document = bundle.document;
  const out: { key: string; schema: unknown; seeds: unknown[] }[] = [];
  const seen = new Set<string>();
  for (const name of Object.keys((document.components as Node | undefined)?.schemas ?? {})) {
    const ref = `#/components/schemas/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    out.push({ key: name, schema: { $ref: ref }, seeds: examplesIn(document, { $ref: ref }) });
  }
  for (const entry of bundle.operations) {
    const body = resolve<Node>(document, entry.operation.requestBody);
    const medias: [string, Node][] = Object.entries<Node>(body?.content ?? {}).map(([type, media]) => [
      `body ${type}`,
      media,
    ]);
    for (const [status, response] of Object.entries<Node>(entry.operation.responses ?? {})) {
      for (const [type, media] of Object.entries<Node>(resolve<Node>(document, response).content ?? {}))
        medias.push([`${status} ${type}`, media]);
    }
    for (const [where, media] of medias) {
      if (!media.schema) continue;
      // The same schema with the same examples (the shared error responses) is compared once.
      const key = JSON.stringify([media.schema, media.example, media.examples]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        key: `${entry.operationId} ${where}`,
        schema: media.schema,
        seeds: [...examplesOf(document, media), ...examplesIn(document, media.schema)],
      });
    }
  }
  return out;
}

describe("every schema of every document agrees with Ajv", () => {
  for (const bundle of loadBundles()) {
    const all = targets(bundle);
    if (all.length === 0) continue;
    it(`${bundle.name}: ${all.length} schemas (components, bodies, responses), their examples and mutations`, () => {
      const compiler = new DocumentCompiler(bundle.document);
      const names = all.map((target, index) =>
        compiler.module.compileFunction(target.schema, { name: `target${index}`, where: target.key }),
      );
      const functions = evaluate(compiler.module, names);
      const ajv = newAjv();
      const base = `https://xads.dev/${bundle.name}.json`;
      ajv.addSchema({ $id: base, components: bundle.document.components, targets: all.map((t) => t.schema) }, base);
      const disagreements: string[] = [];
      let cases = 0;
      let rejected = 0;
      all.forEach((target, index) => {
        const fn = functions[names[index] as string];
        const reference = ajv.getSchema(`${base}#/targets/${index}`);
        if (!fn || !reference) throw new Error(`no function for ${target.key}`);
        for (const value of [{}, ...target.seeds].flatMap(mutations)) {
          cases++;
          const ours = verdict(fn, value);
          const theirs = reference(value);
          if (!ours.fast) rejected++;
          if (ours.fast !== theirs || ours.slow !== ours.fast || ours.fast === ours.errors.length > 0)
            disagreements.push(
              `${target.key} ${JSON.stringify(value).slice(0, 120)}: ours ${ours.fast}/${ours.slow} (${ours.errors.length} errors), Ajv ${theirs}`,
            );
        }
      });
      expect(disagreements.slice(0, 10)).toEqual([]);
      expect(cases).toBeGreaterThan(all.length * 10);
      // Both verdicts occur in quantity.
      expect(rejected).toBeGreaterThan(cases / 10);
      expect(cases - rejected).toBeGreaterThan(cases / 100);
    });
  }
});
