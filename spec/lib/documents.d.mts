export interface SpecDocument {
  name: string;
  title: string;
  /** Absolute path of the bundle. */
  bundle: string;
  mockPort: number;
}

export const specDir: string;
export function listDocuments(dir?: string): SpecDocument[];
// biome-ignore lint/suspicious/noExplicitAny: a bundle is untyped JSON
export function readBundle(document: SpecDocument): Record<string, any>;
