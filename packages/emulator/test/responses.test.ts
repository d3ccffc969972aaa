// Every answer validates against its response schema: requests built from the spec's examples for
// every operation of the four documents (as sent, with only the required parameters, and with each
// parameter broken), each answer checked with @xads/validator's validateResponse; and the emulator
// rejects exactly what the validator rejects.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { getOperation } from "@xads/validator";
import { describe, expect, it } from "vitest";
import { refusedAsCredentials } from "./auth-refusals.js";
import { call, newEmulator, wire } from "./helpers.js";

type Operation = ReturnType<ReturnType<typeof loadSpec>["operations"]>[number];

const HOSTS: Record<string, string> = {
  auth: "https://api.x.com",
  ads: "https://ads-api.x.com",
  "tailored-audiences": "https://ads-api.x.com",
  upload: "https://upload.x.com",
};

/** The operation's first server (the sandbox host for a sandbox-only one), else its document's host. */
const originOf = (operation: Operation) => operation.servers[0]?.url ?? HOSTS[operation.document];

/** Variants of an operation's request: name -> path params and query. */
function variants(operation: Operation) {
  const path: Record<string, string> = {};
  const full: Record<string, string> = {};
  const required: Record<string, string> = {};
  for (const p of operation.parameters) {
    if (p.example === undefined) continue;
    if (p.in === "path") path[p.name] = wire(p.example);
    else if (p.in === "query") {
      full[p.name] = wire(p.example);
      if (p.required) required[p.name] = wire(p.example);
    }
  }
  // The example cursors are the provider's, which the emulator never issued: every variant starts
  // on the first page (a cursor the emulator did not issue is refused).
  delete full.cursor;
  const out: Array<{
    name: string;
    path: Record<string, string>;
    query: Record<string, string>;
    body: boolean;
    anonymous?: boolean;
  }> = [
    { name: "example", path, query: full, body: true },
    { name: "unsigned", path, query: full, body: true, anonymous: true },
    { name: "required only", path, query: required, body: true },
    { name: "no body", path, query: full, body: false },
  ];
  for (const p of operation.parameters.filter((p) => p.in === "query" && p.name !== "cursor")) {
    out.push({ name: `${p.name} broken`, path, query: { ...full, [p.name]: "\u0000not valid\u0000" }, body: true });
    // oauth_* parameters may travel in the signed Authorization header instead.
    if (p.required && !p.name.startsWith("oauth_")) {
      const { [p.name]: _, ...rest } = full;
      out.push({ name: `${p.name} missing`, path, query: rest, body: true });
    }
  }
  for (const p of operation.parameters.filter((p) => p.in === "path"))
    out.push({ name: `${p.name} unknown`, path: { ...path, [p.name]: "zzzzz9" }, query: full, body: true });
  return out;
}

function encodeBody(operation: Operation): { body: string; contentType: string } | undefined {
  const body = operation.requestBody;
  if (!body || body.example === undefined) return undefined;
  if (body.mediaType.includes("json")) return { body: JSON.stringify(body.example), contentType: "application/json" };
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body.example as Record<string, unknown>)) form.append(k, wire(v));
  return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
}

describe("every answer validates against its response schema", () => {
  const operations = loadSpec()
    .served("api")
    .flatMap((d) => d.operations());

  it("for the examples of every operation, required-only, broken and unknown-id variants (strict auth)", async () => {
    const emu = await newEmulator({ rateLimits: false });
    let checked = 0;
    const problems: string[] = [];
    for (const operation of operations) {
      for (const variant of variants(operation)) {
        emu.reset();
        const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          encodeURIComponent(variant.path[name] ?? "x"),
        );
        const query = new URLSearchParams(variant.query).toString();
        const url = `${originOf(operation)}${path}${query ? `?${query}` : ""}`;
        const encoded = variant.body ? encodeBody(operation) : undefined;
        const method = operation.method.toUpperCase();
        const options =
          operation.security === "basic"
            ? {
                headers: {
                  authorization: `Basic ${Buffer.from(`${emu.fixture.consumerKey}:${emu.fixture.consumerSecret}`).toString("base64")}`,
                },
              }
            : {};
        const answer = await call(emu, method, url, {
          ...(variant.anonymous ? {} : options),
          anonymous: variant.anonymous === true,
          ...(operation.id === "createRequestToken" ? { token: "" } : {}),
          ...(encoded?.contentType.includes("json")
            ? { json: JSON.parse(encoded.body) }
            : encoded
              ? { form: encoded.body }
              : {}),
        });
        checked++;
        const body = answer.body ?? answer.text;
        const verdict = getOperation(operation.id).validateResponse(answer.status, body, { strict: true });
        if (!verdict.valid)
          problems.push(
            `${operation.id} (${variant.name}) ${answer.status}: ${JSON.stringify(verdict.errors).slice(0, 300)}`,
          );
        const request = getOperation(operation.id).validateRequest(
          {
            path: variant.path,
            query,
            body: encoded?.body,
            headers: encoded ? { "content-type": encoded.contentType } : {},
          },
          { now: new Date(emu.clock.now()) },
        );
        if (variant.anonymous) {
          if (operation.security !== "none" && answer.status !== 401 && answer.status !== 403)
            problems.push(`${operation.id} (unsigned): answered ${answer.status}`);
          continue;
        }
        if (!request.valid && answer.status !== 400 && !refusedAsCredentials(operation, answer.status, request.errors))
          problems.push(
            `${operation.id} (${variant.name}): the validator rejects it, the emulator answered ${answer.status}`,
          );
        // Beyond the schemas, the emulator reads times as the API does (an open string must parse).
        const readsTime = /is not an ISO 8601 time/.test(answer.text);
        // A state rule may refuse an example against the fixture's own records (a name or key the
        // fixture already holds, the account's one do-not-reach list).
        const stateConflict = /already exists|already has|already in use/.test(answer.text);
        if (
          request.valid &&
          answer.status === 400 &&
          /INVALID_PARAMETER|MISSING_PARAMETER/.test(answer.text) &&
          !readsTime &&
          !stateConflict
        )
          problems.push(
            `${operation.id} (${variant.name}): the validator accepts it, the emulator answered 400 ${answer.text.slice(0, 200)}`,
          );
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});
