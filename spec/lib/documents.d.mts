export interface SpecDocument {
  name: string;
  title: string;
  role: "api" | "events";
  /** Absolute path of the bundle. */
  bundle: string;
  mockPort: number;
  tryOperation?: string;
}

export const specDir: string;
export function listDocuments(dir?: string): SpecDocument[];
// biome-ignore lint/suspicious/noExplicitAny: a bundle is untyped JSON
export function readBundle(document: { name: string }): Record<string, any>;
