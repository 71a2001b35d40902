import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { api, responsesOf, type AnswerOf, type NameOf, type RequestOf, type RouteName } from '#contract/api';
import { failure } from '#contract/fields';
import type { Route } from '#contract/route';

/**
 * MSW handlers typed and checked by the API's table (contract/api.ts): a component test says which call it
 * answers (`mockRoute(routes.addOrder, …)`), never its method or path, and what it answers must be an answer the
 * table describes for that status. An answer that is not (a field missing, a wrong type, a status the call cannot
 * give with that body) fails the test after it ends (see checkMockedAnswers), as the real server could not send it.
 */

type Name<R extends Route> = NameOf<R>;

/** What the handler is given: the request as sent, its JSON body (unchecked: the test may look at a bad one). */
export interface MockedRequest<R extends Route> {
  request: Request;
  params: PathParams;
  body: RequestOf<Name<R>> extends { body: infer B } ? B : undefined;
  query: URLSearchParams;
}

/** An answer of the call: its body alone (sent with the call's success status, or 400 for a refusal), or with its status and headers. */
export type MockedAnswer<R extends Route> =
  | AnswerOf<Name<R>>
  | { status: number; body: AnswerOf<Name<R>>; headers?: Record<string, string> }
  /** Anything the real server never sends (no answer at all, a proxy's HTML page, a 304), as MSW has it. */
  | Response;

const violations: string[] = [];

interface Sent {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What a handler's answer sends: a body alone goes with the call's success status, or 400 for a refusal. */
function sentBy(name: RouteName, answer: unknown): Sent {
  if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) {
    if ('status' in answer && typeof answer.status === 'number' && 'body' in answer) {
      const headers = 'headers' in answer ? (answer.headers as Record<string, string>) : undefined;
      return { status: answer.status, body: answer.body, headers };
    }
    return { status: 'success' in answer && answer.success === true ? api[name].status : 400, body: answer };
  }
  // getgifts' success is the bare array of orders.
  return { status: api[name].status, body: answer };
}

/** Holds a mocked JSON answer to the table: the schema of its status, or the plain refusal's for any other refusal. */
function check(name: RouteName, status: number, body: unknown): void {
  const schema = responsesOf(api[name])[status] ?? (status >= 400 ? failure : undefined);
  if (!schema) {
    violations.push(`${name} cannot answer ${status} with a body`);
    return;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    violations.push(`${name} ${status} is not an answer of the table: ${parsed.error.issues[0]?.message ?? ''}`);
}

const NAMES = Object.keys(api) as RouteName[];

function nameOf(route: Route): RouteName {
  const name = NAMES.find((key) => api[key].method === route.method && api[key].path === route.path);
  if (!name) throw new Error(`${route.method} ${route.path} is not in the API table`);
  return name;
}

/** An MSW handler for one call of the route table. */
export function mockRoute<R extends Route>(
  route: R,
  answer: (request: MockedRequest<R>) => MockedAnswer<R> | Promise<MockedAnswer<R>>,
) {
  const name = nameOf(route);
  const method = route.method.toLowerCase() as Lowercase<Route['method']>;
  return http[method]<PathParams, DefaultBodyType>(route.path, async ({ request, params }) => {
    const text = await request.clone().text();
    // The JSON as sent, unchecked: a test may look at what a screen sent wrongly.
    const body = text === '' ? undefined : JSON.parse(text);
    const given: unknown = await answer({ request, params, body, query: new URL(request.url).searchParams });
    if (given instanceof Response) return given;
    const sent = sentBy(name, given);
    check(name, sent.status, sent.body);
    return HttpResponse.json(sent.body as DefaultBodyType, { status: sent.status, headers: sent.headers });
  });
}

/** Fails the test that just ran if one of its mocks answered what the table does not describe (set-up's afterEach). */
export function checkMockedAnswers(): void {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`A mock answered outside the API table:\n${found.join('\n')}`);
}
