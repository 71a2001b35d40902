import { DEVICE_HEADER } from '#contract/http';
import { getDeviceToken, setDeviceToken, type TokenKind } from '@/lib/storage';

import type { CallOptions } from './client';

/**
 * A sign-in (or sign-up) sent with this browser's device credential for that kind of account, if it has one, and the
 * new one the answer brings kept (decision 0041): the server then tells the owner's browser from unknown devices, and
 * someone guessing the password does not keep the owner out.
 */
export async function withDeviceCredential<A extends object>(
  kind: TokenKind,
  send: (options: CallOptions) => Promise<A>,
): Promise<A> {
  const device = getDeviceToken(kind);
  const answer = await send(device ? { headers: { [DEVICE_HEADER]: device } } : {});
  if ('deviceToken' in answer && typeof answer.deviceToken === 'string') setDeviceToken(kind, answer.deviceToken);
  return answer;
}
