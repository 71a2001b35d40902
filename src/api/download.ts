import { AUTH_HEADER } from '#contract/http';
import { SHELL_MESSAGES } from '#contract/shellMessages';
import { getToken, type TokenKind } from '@/lib/storage';

import { apiUrl, NetworkError } from './client';

/** A file the server sent as an attachment, or its refusal's reason. */
export type Downloaded = { ok: true; filename: string; blob: Blob } | { ok: false; error: string };

/**
 * Fetches a call's answer as a file (the CSV export, the customer's data): the token goes in a header, never in an
 * address, and the file is handed back as a Blob, named as the server's Content-Disposition says.
 */
export async function downloadFile(path: string, kind: TokenKind, fallbackName: string): Promise<Downloaded> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: { [AUTH_HEADER]: getToken(kind) ?? '' }, cache: 'no-store' });
  } catch (err) {
    throw new NetworkError(SHELL_MESSAGES.serverUnreachable, { cause: err });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
    return { ok: false, error: typeof error === 'string' ? error : `The server answered ${response.status}` };
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { ok: true, filename, blob: await response.blob() };
}
