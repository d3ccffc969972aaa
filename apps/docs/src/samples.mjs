// Code samples for one operation of the spec model (curl and the TypeScript client), generated from its
// examples, its effective server and its security kind.
import { sampleParameters, serverUrl } from "./examples.mjs";

/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */

/**
 * The client factory and the variable name its samples use, per document (see @xads/client).
 * @type {Record<string, { factory: string, variable: string }>}
 */
export const CLIENTS = {
  auth: { factory: "createAuthClient", variable: "auth" },
  ads: { factory: "createAdsClient", variable: "ads" },
  "tailored-audiences": { factory: "createTailoredAudiencesClient", variable: "audiences" },
  upload: { factory: "createUploadClient", variable: "upload" },
};

const ENV = {
  consumerKey: "X_API_KEY",
  consumerSecret: "X_API_KEY_SECRET",
  token: "X_ACCESS_TOKEN",
  tokenSecret: "X_ACCESS_TOKEN_SECRET",
  bearer: "X_BEARER_TOKEN",
};

/** @param {unknown} value */
function serialize(value) {
  return Array.isArray(value) ? value.map(String).join(",") : String(value);
}

/** @param {unknown} value */
function encodeQueryValue(value) {
  return Array.isArray(value)
    ? value.map((v) => encodeURIComponent(String(v))).join(",")
    : encodeURIComponent(String(value));
}

/** @param {string} text */
function shellQuote(text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * @param {string} path
 * @param {Record<string, unknown>} pathValues
 */
function fillPath(path, pathValues) {
  return path.replace(/\{([^}]+)\}/g, (_, name) =>
    name in pathValues ? encodeURIComponent(serialize(pathValues[name])) : `{${name}}`,
  );
}

/**
 * A curl command for the operation.
 * @param {Operation} operation
 */
export function curlSample(operation) {
  const { method, path } = operation;
  const chosen = sampleParameters(operation);
  const pathValues = Object.fromEntries(
    chosen.filter((c) => c.parameter.in === "path").map((c) => [c.parameter.name, c.value]),
  );
  const query = chosen
    .filter((c) => c.parameter.in === "query")
    .map((c) => `${encodeURIComponent(c.parameter.name)}=${encodeQueryValue(c.value)}`)
    .join("&");
  const url = `${serverUrl(operation)}${fillPath(path, pathValues)}${query ? `?${query}` : ""}`;
  /** @type {string[]} */
  const lines = [];
  const auth = operation.security;
  if (auth === "oauth1") {
    lines.push("# OAUTH_HEADER: the OAuth 1.0a header signed for this request (see Authentication)");
  }
  const command = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} ${shellQuote(url)}`];
  if (auth === "oauth1") command.push(`-H "Authorization: $OAUTH_HEADER"`);
  if (auth === "basic") command.push(`-u "$${ENV.consumerKey}:$${ENV.consumerSecret}"`);
  if (auth === "bearer") command.push(`-H "Authorization: Bearer $${ENV.bearer}"`);
  for (const c of chosen.filter((c) => c.parameter.in === "header")) {
    command.push(`-H ${shellQuote(`${c.parameter.name}: ${serialize(c.value)}`)}`);
  }
  const body = operation.requestBody;
  if (body && body.example !== undefined) {
    // The example of a form or multipart body is an object of its fields.
    const fields = /** @type {Record<string, unknown>} */ (body.example);
    if (body.mediaType === "application/x-www-form-urlencoded") {
      for (const [name, value] of Object.entries(fields)) {
        command.push(`--data-urlencode ${shellQuote(`${name}=${serialize(value)}`)}`);
      }
    } else if (body.mediaType === "multipart/form-data") {
      for (const [name, value] of Object.entries(fields)) {
        const property = body.properties[name] ?? {};
        const binary = property.format === "binary" || property.contentMediaType !== undefined;
        command.push(`-F ${shellQuote(binary ? `${name}=@${name}.bin` : `${name}=${serialize(value)}`)}`);
      }
    } else {
      command.push(`-H "Content-Type: ${body.mediaType}"`);
      command.push(`--data ${shellQuote(JSON.stringify(body.example))}`);
    }
  }
  lines.push(command.join(" \\\n  "));
  return lines.join("\n");
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A TypeScript literal of a JSON value, indented by `depth` levels of two spaces.
 * @param {unknown} value
 * @returns {string}
 */
export function tsLiteral(value, depth = 0) {
  const pad = "  ".repeat(depth + 1);
  const end = "  ".repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = `[${value.map((v) => tsLiteral(v, depth)).join(", ")}]`;
    if (flat.length <= 60 && !flat.includes("\n")) return flat;
    return `[\n${value.map((v) => `${pad}${tsLiteral(v, depth + 1)},`).join("\n")}\n${end}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    /** @param {string} k */
    const key = (k) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));
    return `{\n${entries.map(([k, v]) => `${pad}${key(k)}: ${tsLiteral(v, depth + 1)},`).join("\n")}\n${end}}`;
  }
  return JSON.stringify(value);
}

/**
 * @param {Operation} operation
 * @param {string} baseUrl
 */
function clientOptions(operation, baseUrl) {
  const auth = operation.security;
  const options = [`  baseUrl: ${JSON.stringify(baseUrl)},`];
  if (auth === "oauth1") {
    options.push(
      "  oauth1: {",
      `    consumerKey: process.env.${ENV.consumerKey}!,`,
      `    consumerSecret: process.env.${ENV.consumerSecret}!,`,
      `    token: process.env.${ENV.token}!,`,
      `    tokenSecret: process.env.${ENV.tokenSecret}!,`,
      "  },",
    );
  }
  if (auth === "basic") {
    options.push(
      "  headers: {",
      `    Authorization: \`Basic \${btoa(\`\${process.env.${ENV.consumerKey}}:\${process.env.${ENV.consumerSecret}}\`)}\`,`,
      "  },",
    );
  }
  if (auth === "bearer") {
    options.push(`  bearer: process.env.${ENV.bearer}!,`);
  }
  return options.join("\n");
}

/**
 * A TypeScript sample with the typed client of the operation's document.
 * @param {Operation} operation
 */
export function typescriptSample(operation) {
  const { method, path } = operation;
  const client = CLIENTS[operation.document] ?? { factory: "createClient", variable: "client" };
  const chosen = sampleParameters(operation);
  /** @type {Record<string, Record<string, unknown>>} */
  const params = {};
  for (const location of ["path", "query", "header"]) {
    const values = chosen.filter((c) => c.parameter.in === location);
    if (values.length > 0) params[location] = Object.fromEntries(values.map((c) => [c.parameter.name, c.value]));
  }
  /** @type {{ params?: typeof params, body?: unknown }} */
  const init = {};
  if (Object.keys(params).length > 0) init.params = params;
  const body = operation.requestBody;
  if (body && body.example !== undefined) init.body = body.example;
  const call = `${client.variable}.${method.toUpperCase()}(${JSON.stringify(path)}${
    Object.keys(init).length > 0 ? `, ${tsLiteral(init)}` : ""
  })`;
  return [
    `import { ${client.factory} } from "@xads/client";`,
    "",
    `const ${client.variable} = ${client.factory}({`,
    clientOptions(operation, serverUrl(operation)),
    "});",
    "",
    `const { data, error } = await ${call};`,
  ].join("\n");
}

/**
 * The same call as a named operation of `@xads/client/operations` (`call(client, operation, init)`).
 * @param {Operation} operation
 */
export function namedOperationSample(operation) {
  const pathCall = typescriptSample(operation);
  const call = /await (\w+)\.[A-Z]+\("[^"]*"(?:, ([\s\S]*))?\);$/.exec(pathCall);
  if (!call) throw new Error(`the TypeScript sample of ${operation.id} has no call to rewrite`);
  const [whole, variable, init] = call;
  return [
    `import { call, ${operation.id} } from "@xads/client/operations";`,
    pathCall.slice(0, pathCall.length - whole.length),
  ]
    .join("\n")
    .concat(`await call(${variable}, ${operation.id}${init ? `, ${init}` : ""});`);
}

/**
 * @typedef {object} LocalEmulator where `pnpm start` serves the operation's document, and the fixture's key
 * @property {number} port
 * @property {{ consumerKey: string, consumerSecret: string, token: string }} fixture
 */

/**
 * A curl command for the emulator `pnpm start` serves on loopback (lenient auth: any header of the
 * operation's scheme is taken; the fixture's key picks the fixture's records).
 * @param {Operation} operation
 * @param {LocalEmulator} local
 */
export function localCurlSample(operation, local) {
  const production = curlSample(operation);
  const server = serverUrl(operation);
  const { consumerKey, consumerSecret, token } = local.fixture;
  const header = `Authorization: OAuth oauth_consumer_key="${consumerKey}", oauth_token="${token}"`;
  return [
    `# the emulator of \`pnpm start\` (port ${local.port}), lenient auth: no signature needed`,
    ...production
      .split("\n")
      .filter((line) => !line.startsWith("# OAUTH_HEADER"))
      .map((line) =>
        line
          .replace(server, `http://127.0.0.1:${local.port}`)
          .replace(`-H "Authorization: $OAUTH_HEADER"`, `-H ${shellQuote(header)}`)
          .replace(
            `-u "$${ENV.consumerKey}:$${ENV.consumerSecret}"`,
            `-u ${shellQuote(`${consumerKey}:${consumerSecret}`)}`,
          ),
      ),
  ].join("\n");
}

/** The languages of {@link codeSamples}, in order, for Redoc's options. */
export const SAMPLE_LANGUAGES = [
  { lang: "curl", label: "curl" },
  { lang: "Shell", label: "curl (pnpm start)" },
  { lang: "TypeScript", label: "TypeScript" },
  { lang: "JavaScript", label: "TypeScript (named operation)" },
];

/**
 * The x-codeSamples of an operation: curl for the production host (signing noted), the client's path
 * call and named operation, and, given where `pnpm start` serves it, curl for the local emulator.
 * @param {Operation} operation
 * @param {LocalEmulator} [local]
 */
export function codeSamples(operation, local) {
  return [
    { lang: "curl", label: "curl", source: curlSample(operation) },
    ...(local ? [{ lang: "Shell", label: "curl (pnpm start)", source: localCurlSample(operation, local) }] : []),
    { lang: "TypeScript", label: "TypeScript", source: typescriptSample(operation) },
    { lang: "JavaScript", label: "TypeScript (named operation)", source: namedOperationSample(operation) },
  ];
}
