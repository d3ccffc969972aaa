// The bin with --tls and --proxy prints the local CA's file and the exact variables a client sets, and
// removes the throw-away CA's file when it stops.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

it("xads-emulator --tls --proxy prints the CA file and HTTPS_PROXY, NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE, SSL_CERT_FILE", async () => {
  // The built bin (turbo builds before it tests).
  const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
  const child = spawn(process.execPath, [cli, "--tls", "--proxy", "--no-rate-limits"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Controls:")) resolve();
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", () => reject(new Error(`exited early: ${output}`)));
  });
  child.kill("SIGINT");
  expect(await exited).toBe(0);
  expect(output).toMatch(/ads\s+https:\/\/127\.0\.0\.1:\d+/);
  const caFile = /Local CA \(trust it in the client\): (\S+)/.exec(output)?.[1] as string;
  expect(caFile).toBeDefined();
  const proxy = /export HTTPS_PROXY=(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  expect(proxy).toBeDefined();
  for (const variable of ["NODE_EXTRA_CA_CERTS", "REQUESTS_CA_BUNDLE", "SSL_CERT_FILE"])
    expect(output).toContain(`export ${variable}=${caFile}`);
  expect(output).toMatch(/Proxy: http:\/\/127\.0\.0\.1:\d+ answers CONNECT to api\.x\.com, .*ads-api\.twitter\.com/);
  // A throw-away CA: its file goes with the process.
  expect(existsSync(caFile)).toBe(false);
});

it("--proxy-port that is not a port is refused, naming the option", async () => {
  const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
  const child = spawn(process.execPath, [cli, "--proxy-port", "x1"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(1);
  expect(output).toContain('--proxy-port: "x1" is not a port');
  expect(readFileSync(cli, "utf8")).toContain("--tls");
});
