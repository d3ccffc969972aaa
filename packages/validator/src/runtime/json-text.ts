// JSON text of a value without recursion, for values nested deeper than JSON.stringify can walk (it
// throws RangeError past a few thousand levels): the x-rules that measure or compare bodies must answer
// for any input, not crash.

type Frame =
  | { kind: "array"; items: unknown[]; index: number }
  | { kind: "object"; entries: [string, unknown][]; index: number };

function jsonable(value: unknown): unknown {
  const withToJson = value as { toJSON?: () => unknown } | null;
  return typeof withToJson?.toJSON === "function" ? withToJson.toJSON() : value;
}

/** Like JSON.stringify(value) for data (undefined: the text of `null` in arrays, skipped in objects). */
export function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = (raw: unknown): void => {
    const item = jsonable(raw);
    if (Array.isArray(item)) {
      parts.push("[");
      stack.push({ kind: "array", items: item, index: 0 });
    } else if (typeof item === "object" && item !== null) {
      parts.push("{");
      const entries = Object.entries(item).filter(([, v]) => v !== undefined && typeof v !== "function");
      stack.push({ kind: "object", entries, index: 0 });
    } else {
      parts.push(JSON.stringify(item) ?? "null");
    }
  };
  open(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.kind === "array") {
      if (frame.index >= frame.items.length) {
        parts.push("]");
        stack.pop();
        continue;
      }
      if (frame.index > 0) parts.push(",");
      open(frame.items[frame.index++]);
    } else {
      if (frame.index >= frame.entries.length) {
        parts.push("}");
        stack.pop();
        continue;
      }
      const [key, item] = frame.entries[frame.index++] as [string, unknown];
      parts.push(`${frame.index > 1 ? "," : ""}${JSON.stringify(key)}:`);
      open(item);
    }
  }
  return parts.join("");
}
