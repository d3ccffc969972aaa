// Layout conventions of the sources: one file per operation under <document>/operations/, named
// after its operationId, referenced exactly once from the document's root; no inline operations.
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { parse } from "yaml";
import { documents } from "./documents.mjs";
import { specDir } from "./redocly.mjs";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

function yamlFilesUnder(directory) {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = join(directory, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(full);
    return entry.name.endsWith(".yaml") ? [full] : [];
  });
}

export function checkLayout() {
  const problems = [];
  const operationIds = new Map();
  for (const { name, root } of documents) {
    const rootDir = dirname(root);
    const document = parse(readFileSync(root, "utf8"));
    const referenced = new Map();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (item.$ref) {
        problems.push(`${name}: ${path} refers to a whole path item; refer to one file per operation`);
        continue;
      }
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        if (typeof operation.$ref !== "string") {
          problems.push(`${name}: ${method.toUpperCase()} ${path} is inline; move it to operations/<operationId>.yaml`);
          continue;
        }
        const file = resolve(rootDir, operation.$ref);
        referenced.set(file, [...(referenced.get(file) ?? []), `${method.toUpperCase()} ${path}`]);
      }
    }
    for (const file of yamlFilesUnder(join(rootDir, "operations"))) {
      const where = relative(specDir, file);
      const uses = referenced.get(file) ?? [];
      if (uses.length !== 1) problems.push(`${where} is referenced ${uses.length} times from ${name}/openapi.yaml`);
      const { operationId } = parse(readFileSync(file, "utf8")) ?? {};
      if (operationIds.has(operationId)) {
        problems.push(
          `${where}: operationId ${operationId} is also used in ${operationIds.get(operationId)}; ids are unique across documents`,
        );
      }
      operationIds.set(operationId, where);
      if (operationId !== basename(file, ".yaml")) {
        problems.push(`${where} holds operationId ${operationId}; the file must be named after it`);
      }
      referenced.delete(file);
    }
    for (const [file, uses] of referenced) {
      problems.push(`${uses.join(", ")} refers to ${relative(specDir, file)}, which is not under ${name}/operations/`);
    }
  }
  return problems;
}
