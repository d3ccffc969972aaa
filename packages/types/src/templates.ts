// Which `METHOD /path/{param}` template a request is, with its path parameters: one rule for every
// package that looks requests up by template (the client's signing proxy and scheduler, the
// emulator's router). A parameter is one path segment, empty included (`/12/accounts//campaigns` is
// listCampaigns with an empty account id, which validation then refuses by name, as the emulator
// answers it); of the templates a path matches, the one with the most literal segments wins
// (`/cards/all` before `/cards/{card_id}`), then the first given.

/** A matched template: its method and template, the value it was given with, the path parameters decoded. */
export interface TemplateMatch<T> {
  method: string;
  template: string;
  value: T;
  params: Record<string, string>;
}

interface Route<T> {
  method: string;
  template: string;
  segments: string[];
  literals: number;
  value: T;
}

export interface TemplateMatcher<T> {
  /** The template of this method that the path matches, or undefined. */
  find(method: string, path: string): TemplateMatch<T> | undefined;
  /** Every template of any method that the path matches, the most literal first. */
  all(path: string): TemplateMatch<T>[];
}

/** A path segment decoded; a malformed escape (`%E0%A4%A`) is kept as sent rather than thrown. */
function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function paramsOf<T>(route: Route<T>, parts: string[]): Record<string, string> | undefined {
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const template = route.segments[i] as string;
    const part = parts[i] as string;
    if (template.startsWith("{")) {
      params[template.slice(1, -1)] = decodeSegment(part);
    } else if (template !== part) return undefined;
  }
  return params;
}

const matchOf = <T>(route: Route<T>, params: Record<string, string>): TemplateMatch<T> => ({
  method: route.method,
  template: route.template,
  value: route.value,
  params,
});

/** A lookup over templates keyed `METHOD /path/{param}` (the method in any case). */
export function templateMatcher<T>(entries: Iterable<readonly [string, T]>): TemplateMatcher<T> {
  const routes: Route<T>[] = [];
  for (const [key, value] of entries) {
    const [method = "", template = ""] = key.split(" ");
    const segments = template.split("/").slice(1);
    const literals = segments.filter((s) => !s.startsWith("{")).length;
    routes.push({ method: method.toUpperCase(), template, segments, literals, value });
  }
  // A stable sort: among templates as literal as each other, the first given stays first.
  routes.sort((a, b) => b.literals - a.literals);
  const byMethod = new Map<string, Route<T>[]>();
  const bySegments = new Map<number, Route<T>[]>();
  for (const route of routes) {
    byMethod.set(route.method, [...(byMethod.get(route.method) ?? []), route]);
    bySegments.set(route.segments.length, [...(bySegments.get(route.segments.length) ?? []), route]);
  }
  return {
    find(method, path) {
      const parts = path.split("/").slice(1);
      for (const route of byMethod.get(method.toUpperCase()) ?? []) {
        const params = paramsOf(route, parts);
        if (params) return matchOf(route, params);
      }
      return undefined;
    },
    all(path) {
      const parts = path.split("/").slice(1);
      const found: TemplateMatch<T>[] = [];
      for (const route of bySegments.get(parts.length) ?? []) {
        const params = paramsOf(route, parts);
        if (params) found.push(matchOf(route, params));
      }
      return found;
    },
  };
}
