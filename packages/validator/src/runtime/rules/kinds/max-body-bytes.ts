// max-body-bytes: the body is at most `max` bytes in UTF-8 (as sent when given as text, else
// serialized as its media type).
import { stringify } from "../../json-text.js";
import type { Check, RuleBase } from "../check.js";
import type { Scope } from "../reference.js";

export interface MaxBodyBytesRule extends RuleBase {
  kind: "max-body-bytes";
  max: number;
}

function byteLength(request: Scope["request"]): number | undefined {
  if (request.rawBody !== undefined) return new TextEncoder().encode(request.rawBody).length;
  if (request.body === undefined) return undefined;
  const media = request.bodyMediaType ?? "application/json";
  let text: string;
  if (media === "application/x-www-form-urlencoded" && typeof request.body === "object") {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (value !== undefined) form.append(key, Array.isArray(value) ? value.join(",") : String(value));
    }
    text = form.toString();
  } else {
    text = typeof request.body === "string" ? request.body : stringify(request.body);
  }
  return new TextEncoder().encode(text).length;
}

export const check: Check<MaxBodyBytesRule> = (rule, scope) => {
  const size = byteLength(scope.request);
  if (size === undefined) return undefined;
  return size <= rule.max ? [] : [{ parameter: "body", detail: `${size} bytes` }];
};
