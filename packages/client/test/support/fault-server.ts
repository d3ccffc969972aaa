// A scripted HTTP server on 127.0.0.1 for behaviour the Prism mock cannot show: each request takes the
// next scripted answer (or the default), and every request is recorded.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export type Step = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface FaultServer {
  url: string;
  requests: RecordedRequest[];
  script(...steps: Step[]): void;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Step =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

export const text =
  (status: number, body: string, contentType = "text/plain", headers: Record<string, string> = {}): Step =>
  (_req, res) => {
    res.writeHead(status, { "content-type": contentType, ...headers });
    res.end(body);
  };

/** Destroys the socket without an answer: the client sees a network error. */
export const drop: Step = (_req, res) => {
  res.socket?.destroy();
};

/** Answers after `ms` (or never, if the client gives up first). */
export const slow =
  (ms: number, step: Step): Step =>
  (req, res) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => resolve(step(req, res) as undefined), ms);
      res.on("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });

export async function startFaultServer(
  fallback: Step = json(200, { data: [], next_cursor: null }),
): Promise<FaultServer> {
  const queue: Step[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      void (queue.shift() ?? fallback)(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...steps) => {
      queue.length = 0;
      requests.length = 0;
      queue.push(...steps);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
