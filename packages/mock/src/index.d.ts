export interface MockDocument {
  name: string;
  title: string;
  bundle: string;
  mockPort: number;
}
export interface MockServer {
  name: string;
  title: string;
  url: string;
  port: number;
}
export function listDocuments(): MockDocument[];
export function hasOperations(bundlePath: string): boolean;
export function startMocks(options?: {
  names?: string[];
  ports?: "fixed" | "free";
  host?: string;
  onOutput?: (name: string, chunk: string) => void;
  timeoutMs?: number;
}): Promise<{ servers: MockServer[]; stop(): Promise<void> }>;
