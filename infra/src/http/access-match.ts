import type { AccessRule } from "./access-policy.ts";

type Compiled<R> = R & {
  regex: RegExp;
  params: number;
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Express-like matching: ":name" is one non-empty segment; case-insensitive; optional trailing slash. */
function compile<R extends Pick<AccessRule, "path">>(rule: R): Compiled<R> {
  const segments = rule.path.split("/").map((s) => (s.startsWith(":") ? "[^/]+" : escape(s)));
  return { ...rule, regex: new RegExp(`^${segments.join("/")}/?$`, "i"), params: rule.path.split("/:").length - 1 };
}

/**
 * Finds the rule (an access rule, or a whole route declaration) for a request; a literal segment wins
 * over a parameter ("/users/pending" over "/users/:id").
 */
export function createRuleMatcher<R extends Pick<AccessRule, "method" | "path">>(policy: readonly R[]) {
  const compiled = policy.map((rule) => compile(rule));
  return (method: string, path: string): R | undefined => {
    const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    let best: Compiled<R> | undefined;
    for (const rule of compiled) {
      if (rule.method === verb && rule.regex.test(path) && (!best || rule.params < best.params)) best = rule;
    }
    return best;
  };
}

export type RuleMatcher = ReturnType<typeof createRuleMatcher<AccessRule>>;

/**
 * The methods declared for a path, whatever the method asked. The path is the declared one that
 * matches it with the fewest parameters, as OpenAPI matches a concrete path before a templated one:
 * "/leads/board" is a GET only, though "/leads/:id" also takes PATCH. An empty list: no route has
 * this path.
 */
export function createPathMatcher(routes: readonly Pick<AccessRule, "method" | "path">[]) {
  const compiled = routes.map((route) => compile(route));
  return (path: string): string[] => {
    const matching = compiled.filter((rule) => rule.regex.test(path));
    const fewest = Math.min(...matching.map((rule) => rule.params));
    return [...new Set(matching.filter((rule) => rule.params === fewest).map((rule) => rule.method))];
  };
}
