// Responses are read tolerantly (spec/README.md, "Requests strict, responses tolerant"), and their
// types say so: a field that only responses carry and whose schema is a string enum is typed as its
// known values or any other string (`"ACTIVE" | "PAUSED" | (string & {})`), so
// editors still offer the known values and a value the API adds compiles. Requests stay closed.
import { isOpenableEnum, responseOnlySchemas } from "@xads/spec/lib/directions.mjs";
import { resolve } from "@xads/spec/lib/operations.mjs";
import { STRING, tsIntersection, tsUnion } from "openapi-typescript";
import ts from "typescript";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */

/**
 * Any other string: `string & {}`, kept apart from `string` so that a union with literals still lists
 * them. Not `Record<never, unknown>`: openapi-fetch's `Readable` maps that one as an object.
 */
const OTHER_STRING = ts.factory.createParenthesizedType(tsIntersection([STRING, ts.factory.createTypeLiteralNode([])]));

/**
 * openapi-typescript's `transformProperty` hook for one bundle: widens the enum-valued properties of
 * response-only places (a component schema only responses reach, or a schema inline in a response).
 * @param {Node} bundle
 * @returns {(property: ts.PropertySignature, schema: unknown, options: { path?: string }) => ts.PropertySignature | undefined}
 */
export function openResponseEnums(bundle) {
  const responseOnly = responseOnlySchemas(bundle);
  /** @param {string} pointer */
  const inResponse = (pointer) => {
    const component = /^#\/components\/schemas\/([^/]+)\//.exec(pointer)?.[1];
    if (component !== undefined) return responseOnly.has(component.replaceAll("~1", "/").replaceAll("~0", "~"));
    return /^#\/paths\/[^/]+\/[a-z]+\/responses\//.test(pointer) || pointer.startsWith("#/components/responses/");
  };
  return (property, schema, { path = "" }) => {
    if (!property.type || !inResponse(path)) return undefined;
    const node = resolve(bundle, schema);
    let type;
    if (isStringEnum(bundle, node)) type = tsUnion([property.type, OTHER_STRING]);
    else if (
      node?.type === "array" &&
      isStringEnum(bundle, resolve(bundle, node.items)) &&
      ts.isArrayTypeNode(property.type)
    ) {
      type = ts.factory.createArrayTypeNode(
        ts.factory.createParenthesizedType(tsUnion([property.type.elementType, OTHER_STRING])),
      );
    } else return undefined;
    return ts.factory.updatePropertySignature(
      property,
      property.modifiers,
      property.name,
      property.questionToken,
      type,
    );
  };
}

/**
 * @param {Node} bundle
 * @param {Node | undefined} node
 */
function isStringEnum(bundle, node) {
  if (!node || typeof node !== "object") return false;
  return isOpenableEnum(node.enum ?? (node.allOf?.length === 1 ? resolve(bundle, node.allOf[0])?.enum : undefined));
}
