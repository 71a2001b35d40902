/** What the route table (./routes.ts) says of each API call: where it lives and which token it needs. Free of zod. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Which session token a call needs in the auth-token header: none, a customer's or an admin's. */
export type RouteAuth = 'none' | 'customer' | 'admin';

export interface Route {
  method: Method;
  /** Fastify's syntax: `:name` for a path parameter. */
  path: string;
  auth: RouteAuth;
}

/** A path with its `:name` parameters filled in, each encoded as one path segment. */
export function pathOf(route: Route, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
