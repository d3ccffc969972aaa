/** Characters that no path identifier holds: each would change or end the path if it got through. */
export const FORBIDDEN = [
  { what: "a NUL byte", char: "\u0000", encoded: "%00" },
  { what: "a space", char: " ", encoded: "%20" },
  { what: "an encoded slash", char: "/", encoded: "%2F" },
] as const;

/**
 * Values a path identifier must reject, built from its example: the empty identifier (an empty path
 * segment), then each forbidden character alone (as in `GET /12/accounts/%00`) and in the middle of the
 * example. `send()` percent-encodes them in the path.
 */
export function malformedIdentifiers(example: string): string[] {
  const middle = Math.ceil(example.length / 2);
  return ["", ...FORBIDDEN.flatMap(({ char }) => [char, `${example.slice(0, middle)}${char}${example.slice(middle)}`])];
}

/** How a value travels in the URL, for test names. */
export function shown(value: string): string {
  return value === "" ? '""' : encodeURIComponent(value);
}

function mentions(text: unknown, name: string): boolean {
  return typeof text === "string" && new RegExp(`(^|[^A-Za-z0-9_])${name}([^A-Za-z0-9_]|$)`).test(text);
}

/**
 * Where an error answer names a request parameter, or undefined when it does not: `body` when an error
 * of the body has it as `parameter` (or `attribute`) or names it in its `message` (a problem object: its
 * `detail`); `violations` when Prism's `sl-violations` header puts a violation at that parameter, or
 * says that the location lacks it (a body without a `parameter` field, such as a problem object,
 * may name it only there).
 */
export function whereNamed(
  answer: { json?: unknown; headers: Headers },
  location: "path" | "query" | "header",
  name: string,
): "body" | "violations" | undefined {
  const body = (answer.json ?? {}) as { errors?: unknown; detail?: unknown };
  const errors = Array.isArray(body.errors) ? (body.errors as Array<Record<string, unknown>>) : [];
  const inBody =
    errors.some((e) => e.parameter === name || e.attribute === name || mentions(e.message, name)) ||
    mentions(body.detail, name);
  if (inBody) return "body";
  const header = answer.headers.get("sl-violations");
  if (!header) return undefined;
  try {
    const violations = JSON.parse(header) as Array<{ location?: unknown[]; message?: unknown }>;
    // An empty path segment is a violation of the whole location, which names the parameter it lacks.
    const at = violations.some(
      (v) =>
        v.location?.[0] === "request" &&
        v.location[1] === location &&
        (v.location[2] === name || (v.location.length === 2 && mentions(v.message, name))),
    );
    return at ? "violations" : undefined;
  } catch {
    return undefined;
  }
}
