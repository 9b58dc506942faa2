import type { AccessRule } from "./access-policy.ts";

interface CompiledRule extends AccessRule {
  regex: RegExp;
  params: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Express-like matching: ":name" is one non-empty segment; case-insensitive; optional trailing slash. */
function compile(rule: AccessRule): CompiledRule {
  const segments = rule.path.split("/").map((s) => (s.startsWith(":") ? "[^/]+" : escape(s)));
  return { ...rule, regex: new RegExp(`^${segments.join("/")}/?$`, "i"), params: rule.path.split("/:").length - 1 };
}

/** Finds the rule for a request; a literal segment wins over a parameter ("/users/pending" over "/users/:id"). */
export function createRuleMatcher(policy: readonly AccessRule[]) {
  const compiled = policy.map(compile);
  return (method: string, path: string): AccessRule | undefined => {
    const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    let best: CompiledRule | undefined;
    for (const rule of compiled) {
      if (rule.method === verb && rule.regex.test(path) && (!best || rule.params < best.params)) best = rule;
    }
    return best;
  };
}

export type RuleMatcher = ReturnType<typeof createRuleMatcher>;
