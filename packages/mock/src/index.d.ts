import type { Operation, SpecDocument } from "@xads/spec/lib/model.mjs";

/** A ready request: method, path with its query, headers, and a form body when the operation takes one. */
export interface TryRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
export interface MockServer {
  name: string;
  title: string;
  url: string;
  port: number;
  /** The production server the document names first. */
  standsFor: string | null;
  /** The document's `tryOperation`, ready to send. */
  tryRequest: TryRequest;
  /** The same request as a curl command line. */
  try: string;
}
export interface Mocks {
  servers: MockServer[];
  stop(options?: { force?: boolean }): Promise<void>;
  /** Restarts Prism for these documents from their current bundles; the public ports stay. */
  reload(names: string[]): Promise<void>;
}
export class PortInUseError extends Error {
  port: number;
  document: string;
}
export const RESET_WINDOW_SECONDS: number;
export const MOCK_CREDENTIALS: { oauth1: string; basic: string };
export function freePort(): Promise<number>;
/** Starts Prism for a bundle on a free loopback port: `prism mock`, or with `upstream` `prism proxy <bundle> <upstream> --errors`. */
export function spawnPrism(options: {
  bundle: string;
  host: string;
  upstream?: string;
  onOutput?: (chunk: string) => void;
  timeoutMs: number;
}): Promise<{ child: import("node:child_process").ChildProcess; port: number }>;
export function stopChild(
  child: import("node:child_process").ChildProcess,
  options?: { force?: boolean },
): Promise<void>;
export function tryRequest(operation: Operation): TryRequest;
export function curlLine(baseUrl: string, request: TryRequest): string;
export function mockIndex(document: SpecDocument, baseUrl: string): Record<string, unknown>;
export function startMocks(options?: {
  names?: string[];
  ports?: "fixed" | "free" | Record<string, number>;
  host?: string;
  onOutput?: (name: string, chunk: string) => void;
  onExit?: (name: string, code: number | string | null) => void;
  timeoutMs?: number;
}): Promise<Mocks>;
