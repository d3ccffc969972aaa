// A small load generator: `connections` loops send the request mix round-robin for `durationMs` over
// kept-alive connections; answers requests per second and latency percentiles.
import { Agent, request } from "node:http";

/**
 * @param {{ url: string, paths: string[], headers: Record<string, string>, connections: number, durationMs: number }} options
 */
export async function load({ url, paths, headers, connections, durationMs }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(url);
  /** @type {number[]} */
  const latencies = [];
  let failures = 0;
  const send = (/** @type {string} */ path) =>
    new Promise((resolve) => {
      const started = performance.now();
      const outgoing = request({ hostname, port, path, headers, agent }, (answer) => {
        answer.resume();
        answer.on("end", () => {
          if (answer.statusCode !== 200) failures++;
          latencies.push(performance.now() - started);
          resolve(undefined);
        });
      });
      outgoing.on("error", () => {
        failures++;
        resolve(undefined);
      });
      outgoing.end();
    });
  const started = performance.now();
  const deadline = started + durationMs;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await send(paths[next++ % paths.length] ?? "/");
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures, requests: latencies.length };
}
