import { useSyncExternalStore } from 'react';

import { getToken, subscribeToStorage, type TokenKind } from '@/lib/storage';

/** The stored token of this kind, kept current as the user signs in or out (in any tab). */
export function useToken(kind: TokenKind): string | null {
  return useSyncExternalStore(subscribeToStorage, () => getToken(kind));
}
