// Types of operations.mjs: a bundle is plain JSON, so nodes are typed loosely on purpose.
// biome-ignore lint/suspicious/noExplicitAny: bundle nodes are untyped JSON walked by many callers
export type Node = Record<string, any>;

export interface Rule extends Node {
  id: string;
  kind: string;
  description: string;
  error: string;
}

export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  operation: Node;
  parameters: Node[];
  rules: Rule[];
}

export interface Reference {
  in: "query" | "path" | "header" | "body";
  name: string;
  steps: Array<{ property: string } | { each: true }>;
}

export function resolve<T = Node>(document: Node, node: unknown): T;
export function listOperations(document: Node): OperationEntry[];
export function requestBodySchema(document: Node, operation: Node): Node | undefined;
export function parseReference(reference: string): Reference;
export function branchesOf(document: Node, schema: unknown): Node[];
export function schemasAt(document: Node, root: Node, steps: Reference["steps"]): Node[];
