// Finds which `METHOD /path/{param}` template of the spec's facts a request is, with its path
// parameters: the signing proxy (which security an operation has) and the rate-limit scheduler
// (which window governs it) both look requests up this way.

/** A matched template: the value it was given with and the path parameters, decoded. */
export interface TemplateMatch<T> {
  value: T;
  params: Record<string, string>;
}

interface Route<T> {
  segments: string[];
  literals: number;
  value: T;
}

/** A path segment decoded; a malformed escape (`%E0%A4%A`) is kept as sent rather than thrown. */
function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function match<T>(route: Route<T>, parts: string[]): Record<string, string> | undefined {
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const template = route.segments[i] as string;
    const part = parts[i] as string;
    if (template.startsWith("{")) {
      if (part === "") return undefined;
      params[template.slice(1, -1)] = decodeSegment(part);
    } else if (template !== part) return undefined;
  }
  return params;
}

/**
 * A lookup over templates keyed `METHOD /path/{param}`: given a method and a URL path, the value of the
 * template it matches, the most literal template first (`/campaigns/all` before `/campaigns/{id}`).
 */
export function templateMatcher<T>(
  entries: Iterable<readonly [string, T]>,
): (method: string, path: string) => TemplateMatch<T> | undefined {
  const byMethod = new Map<string, Route<T>[]>();
  for (const [key, value] of entries) {
    const [method = "", path = ""] = key.split(" ");
    const segments = path.split("/").slice(1);
    const literals = segments.filter((s) => !s.startsWith("{")).length;
    const routes = byMethod.get(method) ?? [];
    routes.push({ segments, literals, value });
    byMethod.set(method, routes);
  }
  for (const routes of byMethod.values()) routes.sort((a, b) => b.literals - a.literals);
  return (method, path) => {
    const parts = path.split("/").slice(1);
    for (const route of byMethod.get(method.toUpperCase()) ?? []) {
      const params = match(route, parts);
      if (params) return { value: route.value, params };
    }
    return undefined;
  };
}
