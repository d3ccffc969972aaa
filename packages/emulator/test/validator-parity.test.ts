// Parity with @xads/validator on generated requests: for every operation of the four documents, its
// examples, seeded combinations of its optional parameters and single mutations of each parameter and
// body field (dropped, empty, wrong type, out of range, bad enum value, over-long, unknown field). The
// emulator must reject (400 with the validator's own errors) exactly the requests the validator
// rejects, and every answer must validate strictly against its response schema.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { getOperation } from "@xads/validator";
import { describe, expect, it } from "vitest";
import { refusedAsCredentials } from "./auth-refusals.js";
import { authorization, newEmulator, wire } from "./helpers.js";

type Operation = ReturnType<ReturnType<typeof loadSpec>["operations"]>[number];
// biome-ignore lint/suspicious/noExplicitAny: spec nodes and answer bodies are untyped JSON
type Json = any;

interface Case {
  operation: Operation;
  name: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  body?: { text: string; type: string };
  /** The query parameters travel as a form body (a POST or PUT without a body of its own). */
  asForm?: boolean;
}

const HOSTS: Record<string, string> = {
  auth: "https://api.x.com",
  ads: "https://ads-api.x.com",
  "tailored-audiences": "https://ads-api.x.com",
  upload: "https://upload.x.com",
};

/** The operation's first server (the sandbox host for a sandbox-only one), else its document's host. */
const originOf = (operation: Operation) => operation.servers[0]?.url ?? HOSTS[operation.document];

/**
 * 400s the emulator answers for requests the validator accepts, each a documented rule the schemas
 * cannot state (README, "State rules" and "Uploads"): not a verdict on the request's shape.
 */
const EMULATOR_RULES: Array<{ name: string; reason: string; message: RegExp }> = [
  {
    name: "cursor not issued",
    reason: "a cursor the emulator did not issue is refused (README, Lists)",
    message: /^Invalid cursor /,
  },
  {
    name: "referenced record missing",
    reason: "a field names a record the emulator does not hold (the v2 upload host has no 404)",
    message: / was not found$/,
  },
  {
    name: "unique name or key",
    reason: "an audience name, a media key or the one do-not-reach list the fixture already holds",
    message: /already exists$|is already in use$|already has a do-not-reach list$/,
  },
  {
    name: "media not in the library",
    reason: "draft media come from the media library, whose objects are uploaded, processed assets",
    message: /is not in the account's media library$|is not an uploaded and processed asset$/,
  },
  {
    name: "upload size by kind",
    reason: "INIT checks the size its media type allows (x-xads-max-bytes-by-media-type), across two fields",
    message: /^A \S+ file is at most \d+ bytes$/,
  },
];

/**
 * Answers that break their response schema because the spec's request schema lets through a value its
 * record schema does not allow. Not intended: reported for the spec to fix; each must still occur, so
 * that a fixed one fails here until it is removed.
 */
const SPEC_GAPS: Array<{ name: string; reason: string; operation: string; error: RegExp }> = [
  {
    name: "batch line item placements as a string",
    reason:
      "LineItemBatchItem's params.placements string form is checked by the pattern ^[A-Z_]+(,[A-Z_]+)*$ only, " +
      "not by LineItemPlacement's enum: an unknown placement is stored and answered",
    operation: "batchLineItems",
    error: /^data\[\d+\]\.placements\[\d+\] must be one of /,
  },
];

/** mulberry32: the generated combinations are the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Wire values that break (or probe the edge of) a query or path parameter of this schema. */
function badWireValues(schema: Json, example: unknown): Record<string, string> {
  const type = schema.type ?? schema.anyOf?.[0]?.type ?? schema.oneOf?.[0]?.type;
  const out: Record<string, string> = { empty: "", [schema.enum ? "bad enum value" : "other value"]: "NOT_A_VALUE" };
  if (type === "integer" || type === "number") {
    out["wrong type"] = "abc";
    out.fraction = "1.5";
    if (typeof schema.minimum === "number") out["below minimum"] = String(schema.minimum - 1);
    if (typeof schema.maximum === "number") out["above maximum"] = String(schema.maximum + 1);
  }
  if (type === "boolean") out["wrong type"] = "yes";
  if (type === "string") {
    out["over-long"] = "x".repeat((schema.maxLength ?? 1000) + 1);
    if (schema.format === "date-time") out["not a time"] = "2026-13-45";
  }
  if (type === "array") {
    const item = wire(Array.isArray(example) ? example[0] : example);
    out["bad item"] = `${item},NOT_A_VALUE`;
    if (typeof schema.maxItems === "number")
      out["too many items"] = Array(schema.maxItems + 1)
        .fill(item)
        .join(",");
  }
  return out;
}

const DROP = Symbol("drop");

/** Single mutations of a JSON value: name -> mutated copy. */
function jsonMutations(value: Json, maxItems: number | undefined): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  const at = (path: Array<string | number>, replace: (node: Json) => Json | typeof DROP): Json => {
    const copy = structuredClone(value);
    if (path.length === 0) return replace(copy);
    const parent = path.slice(0, -1).reduce((node, key) => node[key], copy);
    const key = path.at(-1) as string | number;
    const next = replace(parent[key]);
    if (next === DROP) delete parent[key];
    else parent[key] = next;
    return copy;
  };
  const walk = (node: Json, path: Array<string | number>) => {
    const place = path.length === 0 ? "body" : path.join(".");
    const add = (name: string, replace: (node: Json) => Json) => out.push([`${place} ${name}`, at(path, replace)]);
    if (path.length > 0) add("null", () => null);
    if (Array.isArray(node)) {
      add("empty", () => []);
      add("wrong type", () => "x");
      if (path.length === 0 && maxItems !== undefined)
        add("too many items", (n) => Array.from({ length: maxItems + 1 }, () => n[0]));
      node.forEach((item, i) => {
        walk(item, [...path, i]);
      });
    } else if (typeof node === "object" && node !== null) {
      add("unknown field", (n) => ({ ...n, zz_unknown: 1 }));
      add("wrong type", () => [node]);
      for (const key of Object.keys(node)) {
        out.push([`${[...path, key].join(".")} dropped`, at([...path, key], () => DROP)]);
        walk(node[key], [...path, key]);
      }
    } else if (typeof node === "string") {
      add("wrong type", () => 12345);
      add("empty", () => "");
      add("bad enum value", () => "NOT_A_VALUE");
      add("over-long", () => "x".repeat(5000));
    } else if (typeof node === "number") {
      add("wrong type", (n) => String(n));
      add("negative", () => -1);
      add("fraction", () => 1.5);
      add("out of range", () => 2 ** 60);
    } else if (typeof node === "boolean") {
      add("wrong type", (n) => String(n));
    }
  };
  walk(value, []);
  return out;
}

function encodeBody(operation: Operation, value: Json): Case["body"] {
  if (operation.requestBody?.mediaType.includes("json"))
    return { text: JSON.stringify(value), type: "application/json" };
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(value ?? {})) form.append(k, wire(v));
  return { text: form.toString(), type: "application/x-www-form-urlencoded" };
}

function casesOf(operation: Operation, random: () => number): Case[] {
  const path: Record<string, string> = {};
  const query = operation.parameters.filter((p) => p.in === "query");
  for (const p of operation.parameters) if (p.in === "path") path[p.name] = wire(p.example);
  // The example cursors are the provider's, which the emulator never issued: examples start on the
  // first page (the cursor is still mutated below).
  const optional = query.filter((p) => !p.required && p.name !== "cursor");
  const required: Array<[string, string]> = query.filter((p) => p.required).map((p) => [p.name, wire(p.example)]);
  const example = operation.requestBody?.example;
  const body = example === undefined ? undefined : encodeBody(operation, example);
  const out: Case[] = [];
  const add = (name: string, changes: Partial<Case>) =>
    out.push({ operation, name, path, query: required, body, ...changes });

  add("example, required parameters", {});
  add("example, every parameter", {
    query: [...required, ...optional.map((p): [string, string] => [p.name, wire(p.example)])],
  });
  for (let i = 0; i < 3 && optional.length > 1; i++) {
    const some = optional.filter(() => random() < 0.5);
    add(`example, ${some.map((p) => p.name).join("+") || "none"} (seeded)`, {
      query: [...required, ...some.map((p): [string, string] => [p.name, wire(p.example)])],
    });
  }
  add("unknown parameter", { query: [...required, ["zz_unknown", "1"]] });
  if (!operation.requestBody && ["post", "put"].includes(operation.method))
    add("parameters as a form body", { asForm: true });

  for (const p of query) {
    const others = required.filter(([name]) => name !== p.name);
    if (!p.required) add(`${p.name} example`, { query: [...others, [p.name, wire(p.example)]] });
    else add(`${p.name} dropped`, { query: others });
    add(`${p.name} repeated`, { query: [...others, [p.name, wire(p.example)], [p.name, wire(p.example)]] });
    for (const [name, value] of Object.entries(badWireValues(p.schema, p.example)))
      add(`${p.name} ${name}`, { query: [...others, [p.name, value]] });
  }
  for (const p of operation.parameters.filter((p) => p.in === "path")) {
    add(`${p.name} unknown id`, { path: { ...path, [p.name]: "zzzzz9" } });
    add(`${p.name} over-long`, { path: { ...path, [p.name]: "9".repeat(300) } });
  }
  if (operation.requestBody) {
    add("no body", { body: undefined });
    add("body not JSON", { body: { text: "{not json", type: body?.type ?? "application/json" } });
    const maxItems = operation.requestBody.schema?.maxItems;
    for (const [name, value] of jsonMutations(example, maxItems)) add(name, { body: encodeBody(operation, value) });
  }
  return out;
}

/** The messages of an error answer in any document's shape, or undefined for another answer. */
function errorMessages(body: Json): string[] | undefined {
  if (Array.isArray(body?.operation_errors)) return body.operation_errors.flat().map((e: Json) => e.message);
  if (Array.isArray(body?.errors)) return body.errors.map((e: Json) => e.message);
  if (typeof body?.detail === "string") return [body.detail];
  return undefined;
}

describe("the emulator accepts exactly what the validator accepts", () => {
  const documents = loadSpec().served("api");
  const operations = documents.flatMap((d) => d.operations());
  const random = seeded(20260101);
  const cases = operations.flatMap((operation) => casesOf(operation, random));

  it(`on ${cases.length} generated requests over ${operations.length} operations, each answer valid`, async () => {
    expect(documents.map((d) => d.name).sort()).toEqual(["ads", "auth", "tailored-audiences", "upload"]);
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    const emu = await newEmulator({ auth: "lenient", rateLimits: false });
    const disagreements: string[] = [];
    const invalidAnswers: string[] = [];
    const accepted = new Set<string>();
    const rulesSeen = new Set<string>();
    const gapsSeen = new Set<string>();

    for (const c of cases) {
      emu.reset();
      const { operation } = c;
      const method = operation.method.toUpperCase();
      const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(c.path[name] ?? ""));
      const search = new URLSearchParams(c.query).toString();
      const url = `${originOf(operation)}${path}${c.asForm || !search ? "" : `?${search}`}`;
      const body = c.asForm ? { text: search, type: "application/x-www-form-urlencoded" } : c.body;
      const form = body?.type.includes("form") ? body.text : undefined;
      const headers: Record<string, string> = body ? { "content-type": body.type } : {};
      // The request-token step is signed without a token.
      const token = operation.id === "createRequestToken" ? "" : emu.fixture.token;
      if (operation.security === "oauth1") headers.authorization = authorization(emu, method, url, { token, form });
      if (operation.security === "basic")
        headers.authorization = `Basic ${Buffer.from(`${emu.fixture.consumerKey}:${emu.fixture.consumerSecret}`).toString("base64")}`;
      // oauth_* query parameters may travel in the Authorization header instead (RFC 5849 section
      // 3.5.1): the signed oauth_token counts as sent.
      const query = new URLSearchParams(c.query);
      if (headers.authorization?.startsWith("OAuth") && token && !query.has("oauth_token"))
        if (operation.parameters.some((p) => p.in === "query" && p.name === "oauth_token"))
          query.set("oauth_token", token);

      const verdict = getOperation(operation.id).validateRequest(
        {
          path: c.path,
          query,
          // Zero bytes are no body, as the emulator reads them.
          body: c.asForm ? undefined : body?.text || undefined,
          headers: body && !c.asForm ? { "content-type": body.type } : {},
        },
        { now: new Date(emu.clock.now()) },
      );
      const response = await emu.fetch(url, { method, headers, ...(body ? { body: body.text } : {}) });
      const text = await response.text();
      let answer: Json = text;
      try {
        answer = JSON.parse(text);
      } catch {}

      const messages = response.status === 400 ? (errorMessages(answer) ?? []) : [];
      const rule = EMULATOR_RULES.find((r) => messages.length > 0 && messages.every((m) => r.message.test(m)));
      if (rule && verdict.valid) rulesSeen.add(rule.name);
      const emulatorRejects = response.status === 400 && !(rule && verdict.valid);
      const expected = verdict.valid ? [] : verdict.errors.map((e) => e.message);
      const same =
        emulatorRejects === !verdict.valid &&
        (verdict.valid ||
          (typeof answer?.detail === "string"
            ? answer.detail === expected.join("; ")
            : JSON.stringify([...messages].sort()) === JSON.stringify([...expected].sort())));
      if (!same && !(!verdict.valid && refusedAsCredentials(operation, response.status, verdict.errors)))
        disagreements.push(
          `${operation.id} [${c.name}] ${method} ${url}${body ? ` body ${body.text.slice(0, 200)}` : ""}\n` +
            `  validator: ${verdict.valid ? "accepts" : `rejects: ${expected.join(" | ")}`}\n` +
            `  emulator: ${response.status} ${text.slice(0, 400)}`,
        );
      if (verdict.valid && !emulatorRejects) accepted.add(operation.id);

      const checked = getOperation(operation.id).validateResponse(response.status, answer, { strict: true });
      const gap = SPEC_GAPS.find(
        (g) => g.operation === operation.id && !checked.valid && checked.errors.every((e) => g.error.test(e.message)),
      );
      if (gap) gapsSeen.add(gap.name);
      else if (!checked.valid)
        invalidAnswers.push(
          `${operation.id} [${c.name}] ${response.status}: ${JSON.stringify(checked.errors).slice(0, 300)}`,
        );
    }

    expect(disagreements).toEqual([]);
    expect(invalidAnswers).toEqual([]);
    expect(operations.filter((o) => !accepted.has(o.id)).map((o) => o.id)).toEqual([]);
    // Every listed rule and gap is still needed.
    expect([...rulesSeen].sort()).toEqual(EMULATOR_RULES.map((r) => r.name).sort());
    expect([...gapsSeen]).toEqual(SPEC_GAPS.map((g) => g.name));
  }, 120_000);
});
