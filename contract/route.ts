/** What the route table (./routes.ts) says of each API call: where it lives and which token it needs. Free of zod. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Which session token a call needs in the auth-token header: none, a customer's or an admin's. */
export type RouteAuth = 'none' | 'customer' | 'admin';

/**
 * Which admin calls want a code confirmed in the last ADMIN_FRESH_FACTOR_MINUTES (decision 0044): `always`, or
 * `rejection` only when the body's `status` is `rejected`. Without one they answer 403 with `secondFactor: "totp"`.
 */
export type FreshCodeGate = 'always' | 'rejection';

export interface Route {
  method: Method;
  /** Fastify's syntax: `:name` for a path parameter. */
  path: string;
  auth: RouteAuth;
  freshCode?: FreshCodeGate;
}

/** One entry of the route table, its method, path and token kept as literal types (so answers can be looked up). */
export function route<const M extends Method, const P extends string, const A extends RouteAuth>(
  method: M,
  path: P,
  auth: A,
  freshCode?: A extends 'admin' ? FreshCodeGate : never,
): { method: M; path: P; auth: A; freshCode?: FreshCodeGate } {
  return freshCode ? { method, path, auth, freshCode } : { method, path, auth };
}

/** A path with its `:name` parameters filled in, each encoded as one path segment. */
export function pathOf(route: Route, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
