// The ```ts blocks of a README, read by test/readme-examples.test.ts (which runs them) and
// test/readme-types.test.ts (which type-checks them).
import ts from "typescript";

export interface Block {
  /** The block's heading, with its place under it from the second block on: "5. Errors (2)". */
  id: string;
  code: string;
}

/** The ```ts blocks of a Markdown text, each named by its heading (and its place under it). */
export function tsBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const perHeading = new Map<string, number>();
  let heading = "";
  let fence: { marker: string; lang: string; lines: string[] } | undefined;
  for (const line of markdown.split("\n")) {
    if (!fence) {
      const open = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
      if (open) fence = { marker: open[1] ?? "```", lang: open[2] ?? "", lines: [] };
      else heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(line)?.[1] ?? heading;
    } else if (line.trim().startsWith(fence.marker) && line.trim().replaceAll(fence.marker[0] ?? "`", "") === "") {
      if (fence.lang === "ts") {
        const n = (perHeading.get(heading) ?? 0) + 1;
        perHeading.set(heading, n);
        blocks.push({ id: n === 1 ? heading : `${heading} (${n})`, code: fence.lines.join("\n") });
      }
      fence = undefined;
    } else fence.lines.push(line);
  }
  return blocks;
}

/** The names a block imports and the names it declares at its top level. */
export function topLevelNames(code: string): { imported: Set<string>; declared: Set<string> } {
  const source = ts.createSourceFile("block.ts", code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const imported = new Set<string>();
  const declared = new Set<string>();
  const bind = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) declared.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) imported.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) imported.add(e.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) bind(declaration.name);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      declared.add(statement.name.text);
    }
  }
  return { imported, declared };
}
