import type { Site } from "./sites.js";

/**
 * Why a value cannot reach the Prism mock's validation as the value it stands for, or undefined when it
 * can. Each reason was seen in Prism 5.14: the case still sends the value at the bound, and the coverage
 * output lists the bound as not exercisable through Prism (a real host checks it).
 */
export function prismLimitation(site: Site, value: unknown): string | undefined {
  const text = site.in === "query" || site.in === "header";
  if (text && Array.isArray(value) && value.length === 0) {
    return "an empty comma-separated list reads as an absent parameter";
  }
  if (text && (value === "" || (Array.isArray(value) && value.length === 1 && value[0] === ""))) {
    return "an empty query or header value reads as an absent parameter";
  }
  return undefined;
}
