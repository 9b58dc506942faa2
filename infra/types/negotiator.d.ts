// The part of negotiator 1.x that infra/src/http/content-coding.ts uses (it ships no types, and
// @types/negotiator describes 0.6, whose encoding() takes no server preference).
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /**
     * The best of `available` for the request's Accept-Encoding: the highest q-value first, and
     * among equal ones the first of `preferred`. Undefined when the client accepts none of them.
     */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
