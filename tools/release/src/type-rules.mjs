// Changes that break code compiled against the generated types (@xads/types, and the client and
// validator typed by them), whatever a wire-level diff says of them. A request type breaks when it
// accepts less than before; a response type breaks when it may hold more than before (a new enum
// value included), or when a literal that callers compare against disappears (enum narrowed). An enum
// the types leave open (a response-only place: its known values or any other string, see
// spec/lib/directions.mjs) breaks neither way: any string already compiles there.
import { isOpenableEnum, responseOnlySchemas } from "@xads/spec/lib/directions.mjs";
import { listOperations, resolve } from "@xads/spec/lib/operations.mjs";

const MAX_DEPTH = 64;

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {{ where: string, message: string }} TypeChange */
/** @typedef {(where: string, message: string) => void} Report */
/** @typedef {"request" | "response"} Direction */
/** @typedef {ReturnType<typeof schemaComparer>} Compare */

/**
 * The type-breaking changes from `before` to `after` (two bundled OpenAPI documents), as
 * `{ where, message }`. `where` names the operation and the place inside it.
 * @param {Node} before
 * @param {Node} after
 */
export function typeBreakingChanges(before, after) {
  /** @type {TypeChange[]} */
  const changes = [];
  /** @type {Report} */
  const report = (where, message) => {
    changes.push({ where, message });
  };

  const afterSchemas = after.components?.schemas ?? {};
  for (const name of Object.keys(before.components?.schemas ?? {})) {
    if (!(name in afterSchemas)) report(`components.schemas.${name}`, "schema removed: its exported type is gone");
  }

  const afterOperations = new Map(listOperations(after).map((o) => [`${o.method} ${o.path}`, o]));
  for (const old of listOperations(before)) {
    const where = `${old.operationId} (${old.method.toUpperCase()} ${old.path})`;
    const now = afterOperations.get(`${old.method} ${old.path}`);
    if (!now) {
      report(where, "operation removed");
      continue;
    }
    if (old.operationId !== now.operationId) {
      report(where, `operationId renamed to ${now.operationId}: operations["${old.operationId}"] is gone`);
    }
    const compare = schemaComparer(before, after, report);
    compareParameters(old.parameters, now.parameters, where, compare, report);
    compareRequestBody(before, after, old.operation, now.operation, where, compare, report);
    compareResponses(before, after, old.operation, now.operation, where, compare, report);
  }
  return changes;
}

/**
 * @param {Node[]} oldParameters
 * @param {Node[]} newParameters
 * @param {string} where
 * @param {Compare} compare
 * @param {Report} report
 */
function compareParameters(oldParameters, newParameters, where, compare, report) {
  /** @param {Node} p */
  const key = (p) => `${p.in} parameter \`${p.name}\``;
  const current = new Map(newParameters.map((p) => [key(p), p]));
  const previous = new Set(oldParameters.map(key));
  for (const old of oldParameters) {
    const now = current.get(key(old));
    if (!now) {
      report(where, `${key(old)} removed`);
      continue;
    }
    if (!old.required && now.required) report(where, `${key(old)} made required`);
    compare(old.schema, now.schema, "request", `${where} ${key(old)}`);
  }
  for (const now of newParameters) {
    if (now.required && !previous.has(key(now))) report(where, `required ${key(now)} added`);
  }
}

/**
 * @param {Node} before
 * @param {Node} after
 * @param {Node} oldOperation
 * @param {Node} newOperation
 * @param {string} where
 * @param {Compare} compare
 * @param {Report} report
 */
function compareRequestBody(before, after, oldOperation, newOperation, where, compare, report) {
  const old = resolve(before, oldOperation.requestBody);
  const now = resolve(after, newOperation.requestBody);
  if (!old && !now) return;
  if (!old) {
    if (now.required) report(where, "required request body added");
    return;
  }
  if (!now) {
    report(where, "request body removed");
    return;
  }
  if (!old.required && now.required) report(where, "request body made required");
  for (const [mediaType, media] of Object.entries(old.content ?? {})) {
    const next = now.content?.[mediaType];
    if (!next) report(where, `request body ${mediaType} removed`);
    else compare(media.schema, next.schema, "request", `${where} request body (${mediaType})`);
  }
}

/**
 * @param {Node} before
 * @param {Node} after
 * @param {Node} oldOperation
 * @param {Node} newOperation
 * @param {string} where
 * @param {Compare} compare
 * @param {Report} report
 */
function compareResponses(before, after, oldOperation, newOperation, where, compare, report) {
  for (const [status, rawOld] of Object.entries(oldOperation.responses ?? {})) {
    const rawNew = newOperation.responses?.[status];
    if (!rawNew) {
      report(where, `response ${status} removed`);
      continue;
    }
    const old = resolve(before, rawOld);
    const now = resolve(after, rawNew);
    for (const [mediaType, media] of Object.entries(old.content ?? {})) {
      const next = now.content?.[mediaType];
      if (!next) report(where, `response ${status} ${mediaType} removed`);
      else compare(media.schema, next.schema, "response", `${where} response ${status}`, 0, true);
    }
  }
}

/**
 * A schema comparison bound to the two documents; follows $refs once per pair and direction.
 * @param {Node} before
 * @param {Node} after
 * @param {Report} report
 */
function schemaComparer(before, after, report) {
  /** @type {Set<string>} */
  const visited = new Set();
  /** The component schemas whose enum fields the new types leave open. */
  const openComponents = responseOnlySchemas(after);

  /**
   * @param {Node | undefined} rawOld
   * @param {Node | undefined} rawNew
   * @param {Direction} direction
   * @param {string} where
   * @param {boolean} [open] the place is a field of a response-only schema (or inline in a response),
   *   where the types leave an enum open
   * @returns {void}
   */
  function compare(rawOld, rawNew, direction, where, depth = 0, open = false) {
    if (!rawOld || !rawNew || depth > MAX_DEPTH) return;
    if (rawOld.$ref && rawNew.$ref) {
      const pair = `${rawOld.$ref} ${rawNew.$ref} ${direction} ${open}`;
      if (visited.has(pair)) return;
      visited.add(pair);
    }
    const old = flatten(before, resolve(before, rawOld));
    const now = flatten(after, resolve(after, rawNew));
    // The fields of a referenced schema are open when only responses use that schema.
    const component =
      typeof rawNew.$ref === "string" ? /^#\/components\/schemas\/([^/]+)$/.exec(rawNew.$ref)?.[1] : undefined;
    const inner = direction === "response" && (component !== undefined ? openComponents.has(component) : open);
    compareTypes(old, now, direction, where);
    const staysOpen = isOpenableEnum(now.enum) || (isOpenableEnum(old.enum) && now.enum === undefined);
    if (!(direction === "response" && open && staysOpen)) compareEnums(old, now, direction, where);
    compareProperties(old, now, direction, where, depth, inner);
    if (direction === "request" && allowsExtra(old) && now.additionalProperties === false) {
      report(where, "additional properties no longer allowed");
    }
    if (isSchema(old.additionalProperties) && isSchema(now.additionalProperties)) {
      compare(old.additionalProperties, now.additionalProperties, direction, `${where}[key]`, depth + 1);
    }
    compare(old.items, now.items, direction, `${where}[]`, depth + 1, open);
    compareVariants(old, now, direction, where, depth, inner);
  }

  /**
   * @param {Node} old
   * @param {Node} now
   * @param {Direction} direction
   * @param {string} where
   */
  function compareTypes(old, now, direction, where) {
    const oldTypes = typeSet(old);
    const newTypes = typeSet(now);
    if (!oldTypes || !newTypes) return;
    const [wider, narrower] = direction === "request" ? [oldTypes, newTypes] : [newTypes, oldTypes];
    const lost = [...wider].filter((t) => !narrower.has(t));
    if (lost.length === 0) return;
    const verb = direction === "request" ? "no longer accepts" : "may now be";
    report(where, `type changed from ${typeText(old)} to ${typeText(now)}: ${verb} ${lost.join(" or ")}`);
  }

  /**
   * @param {Node} old
   * @param {Node} now
   * @param {Direction} direction
   * @param {string} where
   */
  function compareEnums(old, now, direction, where) {
    const oldValues = enumValues(old);
    const newValues = enumValues(now);
    if (oldValues && newValues) {
      const kept = new Set(newValues.map((v) => JSON.stringify(v)));
      const removed = oldValues.filter((v) => !kept.has(JSON.stringify(v)));
      if (removed.length > 0) {
        report(where, `enum narrowed: ${removed.map((v) => JSON.stringify(v)).join(", ")} removed`);
      }
      const known = new Set(oldValues.map((v) => JSON.stringify(v)));
      const added = newValues.filter((v) => !known.has(JSON.stringify(v)));
      if (direction === "response" && added.length > 0) {
        const values = added.map((v) => JSON.stringify(v)).join(", ");
        report(where, `enum widened: ${values} may now come back (exhaustive checks over the union stop compiling)`);
      }
    } else if (!oldValues && newValues) {
      report(where, `restricted to the values ${newValues.map((v) => JSON.stringify(v)).join(", ")}`);
    } else if (oldValues && !newValues && direction === "response") {
      report(where, "enum removed: any value of the type may now come back");
    }
  }

  /**
   * @param {Node} old
   * @param {Node} now
   * @param {Direction} direction
   * @param {string} where
   * @param {number} depth
   * @param {boolean} open the fields' enums are open in the types
   */
  function compareProperties(old, now, direction, where, depth, open) {
    const oldProperties = old.properties ?? {};
    const newProperties = now.properties ?? {};
    const oldRequired = new Set(old.required ?? []);
    const newRequired = new Set(now.required ?? []);
    for (const [name, schema] of Object.entries(oldProperties)) {
      const place = `${where}.${name}`;
      if (!(name in newProperties)) {
        report(place, "property removed");
        continue;
      }
      if (direction === "response" && oldRequired.has(name) && !newRequired.has(name)) {
        report(place, "made optional: its type now includes undefined");
      }
      if (direction === "request" && !oldRequired.has(name) && newRequired.has(name)) report(place, "made required");
      compare(schema, newProperties[name], direction, place, depth + 1, open);
    }
    if (direction === "request") {
      for (const name of Object.keys(newProperties)) {
        if (!(name in oldProperties) && newRequired.has(name)) report(`${where}.${name}`, "required property added");
      }
    }
  }

  /**
   * @param {Node} old
   * @param {Node} now
   * @param {Direction} direction
   * @param {string} where
   * @param {number} depth
   * @param {boolean} open
   */
  function compareVariants(old, now, direction, where, depth, open) {
    const keyword = old.oneOf ? "oneOf" : old.anyOf ? "anyOf" : undefined;
    const union = now.oneOf ? "oneOf" : now.anyOf ? "anyOf" : undefined;
    if (!keyword && union && direction === "response" && now[union].length > 1) {
      report(where, `now ${union} ${now[union].length} schemas: it may hold one that callers do not handle`);
      return;
    }
    if (!keyword || !now[keyword]) return;
    /** @type {Node[]} */
    const oldVariants = old[keyword];
    /** @type {Node[]} */
    const newVariants = now[keyword];
    if (direction === "request" && newVariants.length < oldVariants.length) {
      report(where, `${keyword} lost ${oldVariants.length - newVariants.length} variant(s)`);
    } else if (direction === "response" && newVariants.length > oldVariants.length) {
      report(where, `${keyword} gained ${newVariants.length - oldVariants.length} variant(s)`);
    } else if (newVariants.length === oldVariants.length) {
      oldVariants.forEach((variant, i) => {
        compare(variant, newVariants[i], direction, `${where}<${keyword}[${i}]>`, depth + 1, open);
      });
    }
  }

  return compare;
}

/**
 * Merges the properties and required lists of an allOf into one object schema (shallow).
 * @param {Node} document
 * @param {Node | undefined} schema
 * @returns {Node}
 */
function flatten(document, schema) {
  if (!Array.isArray(schema?.allOf)) return schema ?? {};
  /** @type {Node} */
  const merged = { ...schema, properties: { ...schema.properties }, required: [...(schema.required ?? [])] };
  for (const part of schema.allOf.map((p) => flatten(document, resolve(document, p)))) {
    Object.assign(merged.properties, part.properties);
    merged.required.push(...(part.required ?? []));
    merged.type ??= part.type;
  }
  return merged;
}

/**
 * The JSON types a schema admits, as TypeScript sees them (integer and number are one type).
 * @param {Node} schema
 * @returns {Set<string> | undefined}
 */
function typeSet(schema) {
  if (schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set(types.map((t) => (t === "integer" ? "number" : t)));
}

/** @param {Node} schema */
function typeText(schema) {
  return [schema.type].flat().join("|");
}

/**
 * @param {Node} schema
 * @returns {unknown[] | undefined}
 */
function enumValues(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  return undefined;
}

/** @param {unknown} value */
function isSchema(value) {
  return typeof value === "object" && value !== null;
}

/** @param {Node} schema */
function allowsExtra(schema) {
  return schema.additionalProperties === true || isSchema(schema.additionalProperties);
}
