import type { AnswerOf, NameOf, RequestOf, TakesInput } from '#contract/api';
import { AUTH_HEADER } from '#contract/http';
import { pathOf, type Route } from '#contract/route';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import { config } from '@/config';
import { getToken } from '@/lib/storage';

/** The request never got a JSON answer (offline, DNS, CORS, or a non-JSON body). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** Every answer of the API: `success`, plus the call's own fields or an `error` text. */
export type ApiAnswer<T extends object = object> = ({ success: true } & T) | { success: false; error?: string };

/** The success among answers A (a call's AnswerOf, or an ApiAnswer). */
export type Succeeded<A> = Extract<A, { success: true }>;

/** How a call goes out beyond what the table says: fetch's own options, and headers of its own (If-None-Match). */
export interface CallOptions {
  init?: Pick<RequestInit, 'mode' | 'cache' | 'referrerPolicy' | 'signal'>;
  headers?: Record<string, string>;
}

/** A call's arguments: what it takes (only for a call that takes something), then how it goes out. */
export type CallArgs<R extends Route> =
  TakesInput<NameOf<R>> extends true
    ? [request: RequestOf<NameOf<R>>, options?: CallOptions]
    : [request?: NoInput, options?: CallOptions];
type NoInput = Record<string, never>;

/** What send reads of a request: every call's RequestOf is one of these. */
interface WireRequest {
  params?: Readonly<Record<string, string>>;
  query?: object;
  body?: unknown;
}

export function apiUrl(path: string): string {
  return `${config.apiUrl}${path}`;
}

/** A query string of the values given (undefined left out), with its "?"; empty when there is none. */
function queryString(query: object | undefined): string {
  const pairs = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value === undefined ? [] : [[key, String(value)]],
  );
  return pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
}

/** The address of a call with its path parameters and query filled in (for a link, or a download). */
export function addressOf<R extends Route>(route: R, ...[request]: CallArgs<R>): string;
export function addressOf(route: Route, request: WireRequest = {}): string {
  return pathOf(route, request.params) + queryString(request.query);
}

/** An answer with its HTTP status, for the few callers that must tell a refusal from a failure. */
export interface Answered<T> {
  status: number;
  body: T;
}

/**
 * Sends a call as the route table has it (method, path, the token it needs, the body as JSON); throws
 * NetworkError when there is no answer at all.
 */
export function send<R extends Route>(route: R, ...args: CallArgs<R>): Promise<Response>;
export async function send(route: Route, request: WireRequest = {}, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (route.auth !== 'none') headers[AUTH_HEADER] = getToken(route.auth) ?? '';
  try {
    return await fetch(apiUrl(pathOf(route, request.params) + queryString(request.query)), {
      method: route.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      ...options.init,
    });
  } catch (err) {
    throw new NetworkError(SHELL_MESSAGES.serverUnreachable, { cause: err });
  }
}

/**
 * The status and parsed JSON of a call's answer; NetworkError when there is no JSON. The JSON is taken as the
 * table's answer type unchecked: the API tests hold the server to the table, the component tests hold every mock
 * to it (mockRoute), and parsing here would bring zod into the first download.
 */
export async function answeredBy<R extends Route>(
  _route: R,
  response: Response,
): Promise<Answered<AnswerOf<NameOf<R>>>> {
  let body: AnswerOf<NameOf<R>>;
  try {
    body = await response.json();
  } catch (err) {
    throw new NetworkError(`The server answered ${response.status} without a readable body.`, { cause: err });
  }
  return { status: response.status, body };
}

/**
 * The one place that talks HTTP to the backend. It answers the parsed JSON and its status, whatever
 * the status (the server explains refusals in the body), and throws NetworkError only when there is no JSON.
 */
export async function callAnswered<R extends Route>(
  route: R,
  ...args: CallArgs<R>
): Promise<Answered<AnswerOf<NameOf<R>>>> {
  return answeredBy(route, await send(route, ...args));
}

/** The parsed JSON answer of a call (see callAnswered). */
export async function call<R extends Route>(route: R, ...args: CallArgs<R>): Promise<AnswerOf<NameOf<R>>> {
  return (await callAnswered(route, ...args)).body;
}

/** Whether an answer is a success (narrowing a generic answer, where `answer.success` cannot). */
export function isSuccess<A extends ApiAnswer>(answer: A): answer is Succeeded<A> {
  return answer.success;
}

/** A refusal's reason, when it gave one. */
export function refusalReason(answer: ApiAnswer): string | undefined {
  return answer.success ? undefined : answer.error;
}

/**
 * The answer of a call a screen can do without (counts beside a list): null when it was refused or got no
 * answer, which is logged but never alerted.
 */
export async function answerOrNull<A extends ApiAnswer>(
  send: () => Promise<A>,
  what: string,
): Promise<Succeeded<A> | null> {
  try {
    const answer = await send();
    return isSuccess(answer) ? answer : null;
  } catch (err) {
    console.error(`${what} failed`, err);
    return null;
  }
}
