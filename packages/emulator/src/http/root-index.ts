// `GET /` of a served port: what the port serves, as the static mocks' roots say it, so a base URL
// typed into a browser or curl explains itself instead of answering the API's 404.

import { ADMIN_PREFIX } from "../admin/admin.js";
import { documents, operations } from "../generated/index.js";

export function rootIndex(document: string): Response {
  const spec = documents.find((d) => d.name === document);
  const own = operations.filter((o) => o.document === document);
  const body = {
    document,
    title: spec?.title ?? document,
    answers: "@xads/emulator: a stateful emulator (records kept, lists paged, rate limits counted)",
    standsFor: spec?.servers ?? [],
    operations: own.length,
    examples: [...new Set(own.filter((o) => o.method === "GET").map((o) => `GET ${o.path}`))].slice(0, 5),
    controls: `${ADMIN_PREFIX} (reset, clock, snapshot, faults, requests, fixture, tenants, coverage, findings)`,
  };
  return new Response(JSON.stringify(body, null, 2), {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
