import { AUTH_HEADER } from '#contract/http';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import { config } from '@/config';
import { getToken, type TokenKind } from '@/lib/storage';

/** The request never got a JSON answer (offline, DNS, CORS, or a non-JSON body). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** Every answer of the API: `success`, plus the call's own fields or an `error` text. */
export type ApiAnswer<T extends object = object> = ({ success: true } & T) | { success: false; error?: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Which stored token goes in the auth-token header, if any. */
  auth?: TokenKind;
  body?: unknown;
  init?: Pick<RequestInit, 'mode' | 'cache' | 'referrerPolicy' | 'signal'>;
}

export function apiUrl(path: string): string {
  return `${config.apiUrl}${path}`;
}

/** An answer with its HTTP status, for the few callers that must tell a refusal from a failure. */
export interface Answered<T> {
  status: number;
  body: T;
}

/** Sends the request; throws NetworkError when there is no answer at all. */
export async function send(
  path: string,
  options: RequestOptions,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.auth) headers[AUTH_HEADER] = getToken(options.auth) ?? '';
  try {
    return await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      ...options.init,
    });
  } catch (err) {
    throw new NetworkError(SHELL_MESSAGES.serverUnreachable, { cause: err });
  }
}

/** The answer's status and parsed JSON; NetworkError when there is no JSON. */
export async function answeredBy<T>(response: Response): Promise<Answered<T>> {
  try {
    return { status: response.status, body: (await response.json()) as T };
  } catch (err) {
    throw new NetworkError(`The server answered ${response.status} without a readable body.`, { cause: err });
  }
}

/**
 * The one place that talks HTTP to the backend. It answers the parsed JSON and its status, whatever
 * the status (the server explains refusals in the body), and throws NetworkError only when there is no JSON.
 */
export async function requestAnswered<T>(path: string, options: RequestOptions = {}): Promise<Answered<T>> {
  return answeredBy<T>(await send(path, options));
}

/** The parsed JSON answer of a call (see requestAnswered). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestAnswered<T>(path, options)).body;
}

/**
 * The answer of a call a screen can do without (counts beside a list): null when it was refused or got no
 * answer, which is logged but never alerted.
 */
export async function answerOrNull<T extends object>(
  call: () => Promise<ApiAnswer<T>>,
  what: string,
): Promise<({ success: true } & T) | null> {
  try {
    const answer = await call();
    return answer.success ? answer : null;
  } catch (err) {
    console.error(`${what} failed`, err);
    return null;
  }
}
