// Extracts the example requests and responses of the provider's public reference (the `x-ads-api/`
// reference pages of the xdevplatform/docs repository) into examples.json, mapped to our operations
// by method and path template. Run it by hand against a clone of that repository:
//
//   node test/reference/extract.mjs <docs git dir or work tree> [commit]
//   npx biome check --write packages/validator/test/reference   (from the root; formats the JSON)
//
// It writes only facts: the request as shown (path, query, JSON body) and the response JSON as shown,
// with the file and line each comes from. Examples of endpoints our documents do not describe are
// skipped and counted.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const specDist = join(here, "../../../../spec/dist");
const DOCUMENTS = ["ads", "tailored-audiences", "auth", "upload"];
const PAGES = [
  "x-ads-api/campaign-management/reference.mdx",
  "x-ads-api/audiences/reference.mdx",
  "x-ads-api/creatives/reference.mdx",
];

/** @typedef {{ method: string, template: string, operationId: string, pattern: RegExp, names: string[], literals: number }} Route */
/** @typedef {{ path: Record<string, string>, query: Record<string, string | string[]>, body?: unknown }} RequestShown */
/**
 * @typedef {{ source: string, line: number, operationId: string, kind: "request" | "response", method: string,
 *   url: string, status?: number, request?: RequestShown, body?: unknown, repaired?: string[] }} Example
 */

/** @returns {Route[]} */
function loadRoutes() {
  /** @type {Route[]} */
  const routes = [];
  for (const name of DOCUMENTS) {
    const document = JSON.parse(readFileSync(join(specDist, `${name}.json`), "utf8"));
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation || typeof operation !== "object" || !("operationId" in operation)) continue;
        /** @type {string[]} */
        const names = [];
        let literals = 0;
        const source = template
          .split("/")
          .map((segment) => {
            const match = /^\{(.+)\}$/.exec(segment);
            if (match?.[1]) {
              names.push(match[1]);
              return "([^/]+)";
            }
            literals++;
            return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          })
          .join("/");
        routes.push({
          method: method.toUpperCase(),
          template,
          operationId: String(operation.operationId),
          pattern: new RegExp(`^${source}$`),
          names,
          literals,
        });
      }
    }
  }
  return routes.sort((a, b) => b.literals - a.literals);
}

/** @param {string} root @param {string} commit @param {string} path */
function readPage(root, commit, path) {
  if (existsSync(join(root, path))) return readFileSync(join(root, path), "utf8");
  return execFileSync("git", ["--git-dir", root, "show", `${commit}:${path}`], { encoding: "utf8" });
}

const REQUEST_MARK = /Example Request/;
const RESPONSE_MARK = /Example Response/;
const HEADING = /^#{2,4} /;
const REQUEST_LINE = /\b(GET|POST|PUT|DELETE)\b[^h]*(https:\/\/ads-api(?:-sandbox)?\.(?:x|twitter)\.com\/.*)$/;

/** The end (exclusive) of the region that starts after `start`: the next marker or heading. */
function regionEnd(/** @type {string[]} */ lines, /** @type {number} */ start, /** @type {RegExp[]} */ stops) {
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (stops.some((stop) => stop.test(line)) && !/^#### (Resource URL|Parameters)/.test(line)) return i;
  }
  return lines.length;
}

/**
 * The first JSON text in lines[from, to): from the first line that opens an object or array to the
 * closing fence (or the region's end). Returns the parsed value and its first line, or undefined.
 */
function jsonIn(/** @type {string[]} */ lines, /** @type {number} */ from, /** @type {number} */ to) {
  for (let i = from; i < to; i++) {
    if (!/^\s*[[{]/.test(lines[i] ?? "")) continue;
    let end = i;
    while (end < to && !/^\s*```/.test(lines[end] ?? "")) end++;
    const text = lines.slice(i, end);
    try {
      return { value: JSON.parse(text.join("\n")), line: i + 1 };
    } catch (error) {
      const { repaired, repairs } = repair(text, i + 1);
      try {
        return { value: JSON.parse(repaired.join("\n")), line: i + 1, repairs };
      } catch {
        return { error: `${error instanceof Error ? error.message : error}`, line: i + 1 };
      }
    }
  }
  return undefined;
}

/**
 * Mends the reference's typing slips in a JSON text, line by line, and says which: a doubled quote or
 * a missing colon after a name, a missing or trailing comma, unescaped quotes inside a string value.
 */
function repair(/** @type {string[]} */ text, /** @type {number} */ base) {
  /** @type {string[]} */
  const repairs = [];
  const lines = text.map((line, k) => {
    let out = line;
    const doubled = out.replace(/^(\s*"[\w.]+)""(\s*:)/, '$1"$2');
    if (doubled !== out) repairs.push(`line ${base + k}: doubled quote after a name`);
    out = doubled;
    const colon = out.replace(/^(\s*"[\w.]+")\s+(null|true|false|-?\d|"|\{|\[)/, "$1: $2");
    if (colon !== out) repairs.push(`line ${base + k}: missing colon after a name`);
    out = colon;
    const value = /^(\s*"[\w.]+":\s*")(.*)("\s*,?\s*)$/.exec(out);
    if (value?.[2]?.includes('"') && /(^|[^\\])"/.test(value[2])) {
      out = `${value[1]}${value[2].replace(/\\?"/g, '\\"')}${value[3]}`;
      repairs.push(`line ${base + k}: unescaped quotes inside a string`);
    }
    return out;
  });
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] ?? "";
    let next = k + 1;
    while (next < lines.length && (lines[next] ?? "").trim() === "") next++;
    const following = (lines[next] ?? "").trim();
    if (/["\d\]}el]\s*$/.test(line) && !/[,[{]\s*$/.test(line) && following.startsWith('"')) {
      lines[k] = `${line.replace(/\s*$/, "")},`;
      repairs.push(`line ${base + k}: missing comma`);
    } else if (/,\s*$/.test(line) && /^[}\]]/.test(following)) {
      lines[k] = line.replace(/,\s*$/, "");
      repairs.push(`line ${base + k}: trailing comma`);
    }
  }
  return { repaired: lines, repairs };
}

/** @param {string} raw */
function decode(raw) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The query as shown: split on `&` and the first `=`, values kept as written (repeated names as arrays). */
function parseQuery(/** @type {string} */ text) {
  /** @type {Record<string, string | string[]>} */
  const query = {};
  if (!text) return query;
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? "" : decode(pair.slice(at + 1));
    const previous = query[name];
    if (previous === undefined) query[name] = value;
    else query[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}

function main() {
  const [root, commitArg] = process.argv.slice(2);
  if (!root) throw new Error("usage: node test/reference/extract.mjs <docs git dir or work tree> [commit]");
  const commit = commitArg ?? "HEAD";
  const resolved = existsSync(join(root, PAGES[0] ?? ""))
    ? execFileSync("git", ["-C", root, "rev-parse", "HEAD"], { encoding: "utf8" }).trim()
    : execFileSync("git", ["--git-dir", root, "rev-parse", commit], { encoding: "utf8" }).trim();
  const routes = loadRoutes();
  /** @type {Example[]} */
  const examples = [];
  /** @type {string[]} */
  const skipped = [];
  /** @type {string[]} */
  const unreadable = [];

  for (const page of PAGES) {
    const lines = readPage(root, commit, page).split("\n");
    /** @type {{ method: string, url: string, operationId: string } | undefined} */
    let current;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (HEADING.test(line) && !REQUEST_MARK.test(line) && !RESPONSE_MARK.test(line)) {
        if (!/^#### (Resource URL|Parameters)/.test(line)) current = undefined;
        continue;
      }
      if (REQUEST_MARK.test(line)) {
        current = undefined;
        const end = regionEnd(lines, i, [RESPONSE_MARK, REQUEST_MARK, HEADING]);
        let at = -1;
        for (let j = i + 1; j < end; j++)
          if (REQUEST_LINE.test(lines[j] ?? "")) {
            at = j;
            break;
          }
        if (at < 0) {
          unreadable.push(`${page}:${i + 1} example request without a method and URL`);
          continue;
        }
        const match = REQUEST_LINE.exec(lines[at] ?? "");
        const method = match?.[1] ?? "";
        const url = (match?.[2] ?? "").replace(/`+\s*$/, "").trim();
        const rest = url.replace(/^https:\/\/[^/]+/, "");
        const q = rest.indexOf("?");
        const path = q < 0 ? rest : rest.slice(0, q);
        const route = routes.find((r) => r.method === method && r.pattern.test(path));
        if (!route) {
          skipped.push(`${page}:${at + 1} ${method} ${path}`);
          continue;
        }
        const values = route.pattern.exec(path) ?? [];
        /** @type {Record<string, string>} */
        const pathParams = {};
        route.names.forEach((name, k) => {
          pathParams[name] = decode(values[k + 1] ?? "");
        });
        /** @type {RequestShown} */
        const request = { path: pathParams, query: parseQuery(q < 0 ? "" : rest.slice(q + 1)) };
        const body = jsonIn(lines, at + 1, end);
        if (body && "error" in body) unreadable.push(`${page}:${body.line} request body is not JSON: ${body.error}`);
        else if (body) request.body = body.value;
        /** @type {Example} */
        const example = {
          source: page,
          line: at + 1,
          operationId: route.operationId,
          kind: "request",
          method,
          url,
          request,
        };
        if (body && "repairs" in body && body.repairs) example.repaired = body.repairs;
        examples.push(example);
        current = { method, url, operationId: route.operationId };
        continue;
      }
      if (RESPONSE_MARK.test(line)) {
        const end = regionEnd(lines, i, [REQUEST_MARK, RESPONSE_MARK, HEADING]);
        if (!current) continue;
        const body = jsonIn(lines, i + 1, end);
        if (!body) unreadable.push(`${page}:${i + 1} example response without JSON`);
        else if ("error" in body) unreadable.push(`${page}:${body.line} response is not JSON: ${body.error}`);
        else {
          /** @type {Example} */
          const example = {
            source: page,
            line: body.line,
            operationId: current.operationId,
            kind: "response",
            method: current.method,
            url: current.url,
            status: 200,
            body: body.value,
          };
          if (body.repairs) example.repaired = body.repairs;
          examples.push(example);
        }
        current = undefined;
      }
    }
  }

  const fixture = {
    description:
      "The example requests and responses of the provider's public reference, as shown (facts only), mapped to our operations by method and path template. Generated by extract.mjs; status is 200 where the reference shows none.",
    repository: "xdevplatform/docs",
    commit: resolved,
    examples,
  };
  writeFileSync(join(here, "examples.json"), `${JSON.stringify(fixture, null, 2)}\n`);
  const counts = new Map();
  for (const example of examples) counts.set(example.source, (counts.get(example.source) ?? 0) + 1);
  for (const [source, count] of counts) console.log(`${count} examples from ${source}`);
  console.log(
    `${examples.length} examples written; ${skipped.length} requests of endpoints we do not describe skipped`,
  );
  for (const entry of unreadable) console.log(`not extracted: ${entry}`);
}

main();
