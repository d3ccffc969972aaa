import type { Operation } from "@xads/spec/lib/model.mjs";
import type { Node } from "@xads/spec/lib/operations.mjs";
import type { LoadedBundle } from "./bundle.js";
import { flatten, hasType, type Site, seedValue, sitesOf } from "./sites.js";
import { arrayOfCount, beside, type Fits, outsideEnum, stringOfLength } from "./values.js";

/** Enums with more values than this are checked with their first and last value only. */
export const ENUM_SAMPLE_LIMIT = 20;

const NUMERIC = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"] as const;
const LENGTH = ["minLength", "maxLength"] as const;
const COUNT = ["minItems", "maxItems"] as const;
type Keyword = (typeof NUMERIC)[number] | (typeof LENGTH)[number] | (typeof COUNT)[number];

/** One documented bound of one site: the value at the bound (accepted) and one just past it (rejected). */
export interface BoundCase {
  /** `query.count maximum 1000`, `query.account_ids items.minLength 1`: stable, for names and coverage. */
  id: string;
  site: Site;
  /** The keyword, prefixed with `items.` when it bounds each item of an array. */
  keyword: string;
  limit: number;
  /** The whole site value at the bound; undefined when none could be built (see `unbuildable`). */
  accepted?: unknown;
  /** The whole site value just past the bound. */
  rejected?: unknown;
  /** Why no value could be built (the other keywords leave none): the case cannot run anywhere. */
  unbuildable?: string;
}

/** One enum of one site: every listed value (or the first and last) accepted, one outside rejected. */
export interface EnumCase {
  id: string;
  site: Site;
  /** The listed values, as whole site values (wrapped in an array for an array of enum items). */
  accepted: unknown[];
  /** True when only the first and last of more than ENUM_SAMPLE_LIMIT values are sent. */
  sampled: boolean;
  listed: number;
  rejected?: unknown;
  unbuildable?: string;
}

export interface OperationCases {
  bounds: BoundCase[];
  enums: EnumCase[];
}

/** The schema without one keyword (`maxLength`, or `items.enum` inside its items), `$ref`s resolved on the way. */
function without(document: Node, schema: Node, path: string): Node {
  const [head, rest] = path.split(".", 2) as [string, string | undefined];
  const copy: Node = { ...flatten(document, schema) };
  if (rest === undefined) delete copy[head];
  else copy[head] = without(document, copy[head] as Node, rest);
  return copy;
}

function isNumeric(schema: Node) {
  return hasType(schema, "integer") || hasType(schema, "number");
}

/** The keywords of a (flattened) scalar schema that the bound cases cover. */
function scalarKeywords(schema: Node): Keyword[] {
  const keywords: Keyword[] = [];
  if (isNumeric(schema)) keywords.push(...NUMERIC.filter((k) => typeof schema[k] === "number"));
  if (hasType(schema, "string")) keywords.push(...LENGTH.filter((k) => typeof schema[k] === "number"));
  return keywords;
}

/** The scalar value at (`inside`) or just past a bound, fitting `fits`. */
function scalarBeside(schema: Node, keyword: Keyword, seed: unknown, inside: boolean, fits: Fits): unknown {
  const limit = schema[keyword] as number;
  if (NUMERIC.includes(keyword as (typeof NUMERIC)[number])) {
    const step = schema.multipleOf ?? (hasType(schema, "integer") ? 1 : 0.01);
    const exclusive = keyword.startsWith("exclusive");
    const outward = keyword.endsWith("inimum") ? -1 : 1;
    const value = inside
      ? exclusive
        ? beside(limit, -outward as 1 | -1, step)
        : limit
      : exclusive
        ? limit
        : beside(limit, outward, step);
    return fits(value) ? value : undefined;
  }
  const length = inside ? limit : keyword === "minLength" ? limit - 1 : limit + 1;
  return stringOfLength(typeof seed === "string" ? seed : "a", length, fits);
}

function boundCase(
  site: Site,
  keyword: string,
  limit: number,
  accepted: unknown,
  rejected: unknown,
  why?: string,
): BoundCase {
  const id = `${site.ref} ${keyword} ${limit}`;
  const missing = [accepted === undefined && "at", rejected === undefined && "past"].filter(Boolean).join(" and ");
  const unbuildable = missing ? (why ?? `no value ${missing} the bound fits the other keywords`) : undefined;
  return { id, site, keyword, limit, accepted, rejected, ...(unbuildable ? { unbuildable } : {}) };
}

/** The bound cases of one site: its own bounds, and those of its items when it is an array. */
export function boundCasesOf(bundle: LoadedBundle, site: Site): BoundCase[] {
  const { schema } = site;
  const full = bundle.validator(schema);
  const fitsFor = (path: string, inside: boolean): Fits => {
    if (inside) return (value) => full(value);
    const loose = bundle.validator(without(bundle.document, schema, path));
    return (value) => loose(value) && !full(value);
  };
  const cases: BoundCase[] = [];
  for (const keyword of scalarKeywords(schema)) {
    const build = (inside: boolean) => scalarBeside(schema, keyword, site.example, inside, fitsFor(keyword, inside));
    cases.push(boundCase(site, keyword, schema[keyword], build(true), build(false)));
  }
  if (!hasType(schema, "array")) return cases;
  const items = flatten(bundle.document, schema.items ?? {});
  const itemFull = bundle.validator(items);
  const base = Array.isArray(site.example) && site.example.length > 0 ? site.example : undefined;
  const itemSeed = base ? base[0] : seedValue(bundle, items);
  for (const keyword of COUNT.filter((k) => typeof schema[k] === "number")) {
    const limit = schema[keyword] as number;
    const build = (inside: boolean) => {
      const count = inside ? limit : keyword === "minItems" ? limit - 1 : limit + 1;
      if (itemSeed === undefined && count > 0) return undefined;
      return arrayOfCount(itemSeed, count, schema.uniqueItems === true, fitsFor(keyword, inside), itemFull, items.enum);
    };
    const why = itemSeed === undefined ? "neither the spec nor the item schema gives an example item" : undefined;
    cases.push(boundCase(site, keyword, limit, build(true), build(false), why));
  }
  for (const keyword of scalarKeywords(items)) {
    const build = (inside: boolean) => {
      const whole = fitsFor(`items.${keyword}`, inside);
      const itemFits = inside
        ? itemFull
        : (() => {
            const loose = bundle.validator(without(bundle.document, items, keyword));
            return (value: unknown) => loose(value) && !itemFull(value);
          })();
      const item = scalarBeside(items, keyword, itemSeed, inside, itemFits);
      if (item === undefined) return undefined;
      // Appended after the example items where room is left, so that an empty item is not the whole list.
      const array = !base
        ? [item]
        : base.length < (schema.maxItems ?? Infinity)
          ? [...base, item]
          : [...base.slice(0, -1), item];
      return whole(array) ? array : undefined;
    };
    cases.push(boundCase(site, `items.${keyword}`, items[keyword], build(true), build(false)));
  }
  return cases;
}

/** The enum case of one site (its own enum, or its items' enum when it is an array), if it has one. */
export function enumCaseOf(bundle: LoadedBundle, site: Site): EnumCase | undefined {
  const { schema } = site;
  const array = hasType(schema, "array");
  const target = array ? flatten(bundle.document, schema.items ?? {}) : schema;
  if (!Array.isArray(target.enum) || site.ref === "body") return undefined;
  // A query, path or header value cannot carry a JSON null, so only the body keeps a null enum value.
  const listed: unknown[] = target.enum.filter((v: unknown) => v !== null || site.in === "body");
  const sampled = listed.length > ENUM_SAMPLE_LIMIT;
  const chosen = sampled ? [listed[0], listed.at(-1)] : listed;
  const base = array && Array.isArray(site.example) && site.example.length > 0 ? site.example : undefined;
  const wrap = (value: unknown) => (array ? (base ? [value, ...base.slice(1)] : [value]) : value);
  const full = bundle.validator(schema);
  const loose = bundle.validator(
    array ? without(bundle.document, schema, "items.enum") : without(bundle.document, schema, "enum"),
  );
  const outside = outsideEnum(listed, (value) => loose(wrap(value)) && !full(wrap(value)));
  return {
    id: `${site.ref} enum`,
    site,
    accepted: chosen.map(wrap),
    sampled,
    listed: listed.length,
    ...(outside === undefined
      ? { unbuildable: "no value outside the enum fits the other keywords" }
      : { rejected: wrap(outside) }),
  };
}

// Built once per operation: the bound and enum families and the coverage totals all read them.
const built = new WeakMap<Operation, OperationCases>();

/** Every bound and enum case of an operation, in a stable order (sites as declared, keywords in order). */
export function casesOf(bundle: LoadedBundle, entry: Operation): OperationCases {
  const known = built.get(entry);
  if (known) return known;
  const sites = sitesOf(bundle, entry);
  const cases = {
    bounds: sites.flatMap((site) => boundCasesOf(bundle, site)),
    enums: sites.flatMap((site) => enumCaseOf(bundle, site) ?? []),
  };
  built.set(entry, cases);
  return cases;
}
