// The front every mock has: its index on `/`, its bundle on `/openapi.json`, the ready request,
// Prism's answers passed through, and rate-limit resets after the request.

import { loadSpec } from "@xads/spec/lib/model.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Mocks, RESET_WINDOW_SECONDS, startMocks } from "../src/index.mjs";

let mocks: Mocks;
const served = () => mocks.servers;
const ads = () => served().find((s) => s.name === "ads") as Mocks["servers"][number];

beforeAll(async () => {
  mocks = await startMocks({ ports: "free" });
}, 120_000);
afterAll(() => mocks?.stop());

describe("the mocks", () => {
  it("serve every document that has operations", () => {
    expect(served().map((s) => s.name)).toEqual(["auth", "ads", "tailored-audiences", "upload"]);
  });

  it("answer / with the document's name, what it stands for and example paths", async () => {
    for (const server of served()) {
      const answer = await fetch(`${server.url}/`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toContain("application/json");
      const index = await answer.json();
      const document = loadSpec().document(server.name);
      expect(index).toMatchObject({ document: server.name, title: document.title, standsFor: server.standsFor });
      expect(index.standsFor).toMatch(/^https:\/\/[a-z.-]+\.x\.com$/);
      expect(index.examplePaths.length).toBeGreaterThan(0);
      const bundle = document.bundle();
      for (const example of index.examplePaths) {
        const [method, path] = example.split(" ");
        expect(bundle.paths[path]?.[method.toLowerCase()], example).toBeDefined();
      }
      expect(index.try).toBe(server.try);
    }
  });

  it("answer HEAD / without a body and /openapi.json with the bundle", async () => {
    const head = await fetch(`${ads().url}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const bundle = await (await fetch(`${ads().url}/openapi.json`)).json();
    expect(bundle.info.title).toBeDefined();
    expect(Object.keys(bundle.paths)).toContain("/12/accounts");
  });

  it("answer each document's ready request with 200", async () => {
    for (const server of served()) {
      const { method, path, headers, body } = server.tryRequest;
      const answer = await fetch(`${server.url}${path}`, { method, headers, body });
      expect(answer.status, `${server.name}: ${server.try}`).toBe(200);
    }
  });

  it("pass Prism's errors through: no credentials is 401, an unknown path 404", async () => {
    const unauthenticated = await fetch(`${ads().url}/12/accounts`);
    expect(unauthenticated.status).toBe(401);
    const unknown = await fetch(`${ads().url}/12/no_such_resource`, { headers: { Authorization: "OAuth mock" } });
    expect(unknown.status).toBe(404);
  });

  it("name the parameter at fault in the ads error body", async () => {
    const answer = await fetch(`${ads().url}/12/accounts/%00`, { headers: { Authorization: "OAuth mock" } });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(answer.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text).errors).toEqual([
      expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "account_id" }),
    ]);
  });

  it("pass an answer through unchanged, its length included", async () => {
    const direct = ads().tryRequest;
    const answer = await fetch(`${ads().url}${direct.path}`, { headers: direct.headers });
    const page = await answer.json();
    expect(Array.isArray(page.data)).toBe(true);
    expect(answer.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify(page))));
  });

  it("put the rate-limit reset one window after the request, in a 429 too", async () => {
    for (const prefer of [undefined, "code=429"]) {
      const before = Math.floor(Date.now() / 1000);
      const headers: Record<string, string> = { Authorization: "OAuth mock" };
      if (prefer) headers.Prefer = prefer;
      const answer = await fetch(`${ads().url}/12/accounts`, { headers });
      expect(answer.status).toBe(prefer ? 429 : 200);
      const after = Math.ceil(Date.now() / 1000);
      for (const name of ["x-rate-limit-reset", "x-account-rate-limit-reset"]) {
        const value = answer.headers.get(name);
        if (value === null) continue;
        expect(Number(value), name).toBeGreaterThan(before);
        expect(Number(value), name).toBeLessThanOrEqual(after + RESET_WINDOW_SECONDS);
      }
      expect(answer.headers.get("x-rate-limit-reset")).not.toBeNull();
    }
  });
});
