// The peers the validator is measured against, each holding the same constraints as the ads
// document's listCampaigns 200 response (its envelope and Campaign schema): zod, TypeBox, and Ajv
// compiling the document's own schema, with and without format checks.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { FormatRegistry, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Ajv2020 } from "ajv/dist/2020.js";
import { z } from "zod";

const require = createRequire(import.meta.url);
const ENTITY_STATUSES = ["ACTIVE", "PAUSED"];

/** The same shape in zod, with the same constraints as the document's Campaign schema and envelope. */
const timestamp = z.iso.datetime();
const zodCampaign = z.object({
  id: z.string(),
  name: z.string().max(255),
  funding_instrument_id: z.string(),
  budget_optimization: z.enum(["CAMPAIGN", "LINE_ITEM"]).optional(),
  daily_budget_amount_local_micro: z.number().int().nullable().optional(),
  total_budget_amount_local_micro: z.number().int().nullable().optional(),
  duration_in_days: z.number().int().nullable().optional(),
  standard_delivery: z.boolean().optional(),
  entity_status: z.enum(ENTITY_STATUSES).optional(),
  effective_status: z.string().optional(),
  servable: z.boolean().nullable().optional(),
  reasons_not_servable: z.array(z.string()).optional(),
  purchase_order_number: z.string().max(50).nullable().optional(),
  frequency_cap: z.unknown().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted: z.boolean(),
});
export const zodList = z.object({
  request: z.object({ params: z.object({}).passthrough() }),
  next_cursor: z.string().nullable(),
  data: z.array(zodCampaign),
  total_count: z.number().int().min(0).optional(),
});

/** The same shape in TypeBox, compiled (TypeBox checks formats it is given: the same date-time check). */
export function typeboxList() {
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
  FormatRegistry.Set("date-time", (value) => iso.test(value) && !Number.isNaN(Date.parse(value)));
  const nullable = (/** @type {import("@sinclair/typebox").TSchema} */ schema) => Type.Union([schema, Type.Null()]);
  const campaign = Type.Object({
    id: Type.String(),
    name: Type.String({ maxLength: 255 }),
    funding_instrument_id: Type.String(),
    budget_optimization: Type.Optional(Type.Union([Type.Literal("CAMPAIGN"), Type.Literal("LINE_ITEM")])),
    daily_budget_amount_local_micro: Type.Optional(nullable(Type.Integer())),
    total_budget_amount_local_micro: Type.Optional(nullable(Type.Integer())),
    duration_in_days: Type.Optional(nullable(Type.Integer())),
    standard_delivery: Type.Optional(Type.Boolean()),
    entity_status: Type.Optional(Type.Union(ENTITY_STATUSES.map((s) => Type.Literal(s)))),
    effective_status: Type.Optional(Type.String()),
    servable: Type.Optional(nullable(Type.Boolean())),
    reasons_not_servable: Type.Optional(Type.Array(Type.String())),
    purchase_order_number: Type.Optional(nullable(Type.String({ maxLength: 50 }))),
    frequency_cap: Type.Optional(Type.Unknown()),
    currency: Type.Optional(Type.String({ pattern: "^[A-Z]{3}$" })),
    created_at: Type.String({ format: "date-time" }),
    updated_at: Type.String({ format: "date-time" }),
    deleted: Type.Boolean(),
  });
  return TypeCompiler.Compile(
    Type.Object({
      request: Type.Object({ params: Type.Object({}) }),
      next_cursor: nullable(Type.String()),
      data: Type.Array(campaign),
      total_count: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  );
}

/**
 * Ajv (JSON Schema 2020-12) compiling the ads document's listCampaigns 200 response schema;
 * `formats`: with ajv-formats' full checks, else no format checks at all.
 * @param {{ formats: boolean }} options
 */
export function ajvList({ formats }) {
  const bundle = JSON.parse(readFileSync(require.resolve("@xads/spec/dist/ads.json"), "utf8"));
  const ajv = new Ajv2020({ strict: false, validateFormats: formats });
  if (formats) require("ajv-formats")(ajv, { mode: "full" });
  else for (const name of ["date-time", "date", "int64", "int32", "uri"]) ajv.addFormat(name, () => true);
  ajv.addSchema({ $id: "https://xads.dev/ads.json", components: bundle.components });
  const schema =
    bundle.paths["/12/accounts/{account_id}/campaigns"].get.responses["200"].content["application/json"].schema;
  return ajv.compile(/** @type {object} */ (rebase(schema)));
}

/**
 * A schema whose local `$ref`s point into the registered document.
 * @param {unknown} node
 * @returns {unknown}
 */
function rebase(node) {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith("#/")
        ? `https://xads.dev/ads.json${value}`
        : rebase(value),
    ]),
  );
}
