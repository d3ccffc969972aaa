// Prism answers a rejected request with the first documented 400 example as it stands, so the error
// body names that example's parameter, not the one at fault; its `sl-violations` header says which
// one is. Where the example's errors carry a `parameter` (the ads error body), the front rewrites the
// errors to name each violation's parameter, with Prism's message. Other bodies pass unchanged.
const MAX_ERRORS = 20;

/** @param {{ location?: unknown, message?: unknown }} violation one entry of Prism's `sl-violations` */
function parameterOf(violation) {
  const location = Array.isArray(violation.location) ? violation.location.map(String) : [];
  if (location[0] !== "request") return undefined;
  if (location.length > 2) return location[1] === "body" ? location.slice(2).join(".") : location[2];
  // A missing input is a violation of the whole location; its message names the property.
  return /property '([^']+)'/.exec(String(violation.message ?? ""))?.[1];
}

/**
 * The body text naming the violations of `header`, or `text` unchanged when it cannot.
 * @param {string} text
 * @param {string} header
 */
export function nameViolations(text, header) {
  let body;
  let violations;
  try {
    body = JSON.parse(text);
    violations = JSON.parse(header);
  } catch {
    return text;
  }
  const template = Array.isArray(body?.errors) ? body.errors[0] : undefined;
  if (!template || typeof template !== "object" || !("parameter" in template) || !Array.isArray(violations))
    return text;
  const errors = violations
    .map((violation) => ({ violation, parameter: parameterOf(violation) }))
    .filter(({ parameter }) => parameter !== undefined)
    .slice(0, MAX_ERRORS)
    .map(({ violation, parameter }) => ({ ...template, message: String(violation.message), parameter }));
  if (errors.length === 0) return text;
  return JSON.stringify({ ...body, errors });
}
