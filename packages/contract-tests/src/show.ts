/** A short form of a case value for test names: long strings and lists keep their length visible. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 60) return text;
  if (typeof value === "string") return `${JSON.stringify(value.slice(0, 24))}… (${value.length} characters)`;
  if (Array.isArray(value))
    return `[${(JSON.stringify(value[0]) ?? "").slice(0, 30)}, …] (${value.length} ${value.length === 1 ? "item" : "items"})`;
  return `${text.slice(0, 40)}…`;
}
