// Responses are read tolerantly (spec/README.md, "Requests strict, responses tolerant"), and their
// types say so: a field that only responses carry and whose schema is a string enum is typed as its
// known values or any other string (`"ACTIVE" | "PAUSED" | (string & {})`), so
// editors still offer the known values and a value the API adds compiles. Requests stay closed.
import { responseEnumWidening } from "@xads/spec/lib/directions.mjs";
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
 * response-only places, as the spec model decides them (`responseEnumWidening`).
 * @param {Node} bundle
 * @returns {(property: ts.PropertySignature, schema: unknown, options: { path?: string }) => ts.PropertySignature | undefined}
 */
export function openResponseEnums(bundle) {
  const widening = responseEnumWidening(bundle);
  return (property, schema, { path = "" }) => {
    if (!property.type) return undefined;
    const kind = widening(path, schema);
    let type;
    if (kind === "enum") type = tsUnion([property.type, OTHER_STRING]);
    else if (kind === "enum-items" && ts.isArrayTypeNode(property.type)) {
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
