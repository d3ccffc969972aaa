import type { Operation } from "@xads/spec/lib/model.mjs";

/** A request as the suites describe it before it is sent: every part can be changed by a case. */
export interface RequestPlan {
  method: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: { mediaType: string; value: unknown };
}

/** An Authorization header that satisfies the operation's security kind. */
export function credentialsFor(entry: Operation): Record<string, string> {
  switch (entry.security) {
    case "basic":
      return { authorization: `Basic ${Buffer.from("consumer-key:consumer-secret").toString("base64")}` };
    case "bearer":
      return { authorization: "Bearer contract-test-token" };
    case "oauth1":
      return {
        authorization:
          'OAuth oauth_consumer_key="contract", oauth_nonce="contract", oauth_signature="contract", oauth_signature_method="HMAC-SHA1", oauth_timestamp="0", oauth_version="1.0"',
      };
    default:
      return {};
  }
}

/** The smallest valid request: required parameters from their examples, the body example, credentials. */
export function validRequest(entry: Operation): RequestPlan {
  const plan: RequestPlan = { method: entry.method.toUpperCase(), path: {}, query: {}, headers: {} };
  for (const parameter of entry.parameters) {
    if (!parameter.required) continue;
    const value = parameter.example;
    if (parameter.in === "path") plan.path[parameter.name] = value;
    if (parameter.in === "query") plan.query[parameter.name] = value;
    if (parameter.in === "header") plan.headers[String(parameter.name).toLowerCase()] = String(value);
  }
  if (entry.requestBody) plan.body = { mediaType: entry.requestBody.mediaType, value: entry.requestBody.example };
  Object.assign(plan.headers, credentialsFor(entry));
  return plan;
}

/** How a value travels as text: arrays comma-separated (`style: form`, `explode: false`). */
export function serialize(value: unknown): string {
  if (Array.isArray(value)) return value.map(serialize).join(",");
  return String(value);
}

/** What a signer sees of a request: the parts an OAuth 1.0a signature covers. */
export interface SignableRequest {
  method: string;
  url: string;
  /** The form-encoded body parameters (a JSON or multipart body is not signed). */
  form?: Record<string, string>;
  /** The Authorization header the plan carries (its scheme tells which credentials to use). */
  authorization: string;
}

export interface SendOptions {
  /** Replaces the plan's Authorization header (real-host mode); a plan without one is sent unsigned. */
  sign?: (request: SignableRequest) => Promise<string | undefined>;
}

/** An answer as the suites read it: the body as text, and parsed when it is JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Sends a plan to a base URL and reads the answer (JSON when it parses, text otherwise). */
export async function send(
  baseUrl: string,
  entry: Operation,
  plan: RequestPlan,
  options: SendOptions = {},
): Promise<Answer> {
  const path = entry.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(serialize(plan.path[name])));
  const url = new URL(baseUrl + path);
  for (const [key, value] of Object.entries(plan.query)) {
    if (value !== undefined) url.searchParams.set(key, serialize(value));
  }
  const headers = new Headers(plan.headers);
  let body: BodyInit | undefined;
  let form: Record<string, string> | undefined;
  if (plan.body) {
    const { mediaType, value } = plan.body;
    if (mediaType === "application/json") {
      headers.set("content-type", mediaType);
      body = JSON.stringify(value);
    } else if (mediaType === "application/x-www-form-urlencoded") {
      headers.set("content-type", mediaType);
      form = Object.fromEntries(
        Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, serialize(v)]),
      );
      body = new URLSearchParams(form);
    } else if (mediaType === "multipart/form-data") {
      const form = new FormData();
      for (const [key, v] of Object.entries((value ?? {}) as Record<string, unknown>)) form.set(key, serialize(v));
      body = form;
    } else {
      headers.set("content-type", mediaType);
      body = serialize(value);
    }
  }
  const authorization = headers.get("authorization");
  if (options.sign && authorization !== null) {
    const signed = await options.sign({
      method: plan.method,
      url: url.toString(),
      authorization,
      ...(form ? { form } : {}),
    });
    if (signed) headers.set("authorization", signed);
  }
  const response = await fetch(url, { method: plan.method, headers, body, redirect: "manual" });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
