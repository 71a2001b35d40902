/** Where the browser keeps each token, and the theme mode. */
export const STORAGE_KEYS = {
  customer: 'authtoken',
  admin: 'authtoken_admin',
  theme: 'theme',
} as const;

/**
 * Where the browser keeps the device credential of each kind of account it signed in to (decision 0041). Apart from
 * the tokens: signing out leaves it, so the next sign-in from this browser is the owner's, not an unknown device's.
 */
export const DEVICE_KEYS = { customer: 'devicetoken', admin: 'devicetoken_admin' } as const;

export type TokenKind = 'customer' | 'admin';

// Same-tab writes do not fire the 'storage' event, so we announce them ourselves.
const CHANGE_EVENT = 'giftwise:storage';

export function getToken(kind: TokenKind): string | null {
  return localStorage.getItem(STORAGE_KEYS[kind]);
}

export function setToken(kind: TokenKind, token: string): void {
  localStorage.setItem(STORAGE_KEYS[kind], token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearToken(kind: TokenKind): void {
  localStorage.removeItem(STORAGE_KEYS[kind]);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls onChange whenever a token changes, in this tab or another. */
export function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function getDeviceToken(kind: TokenKind): string | null {
  return localStorage.getItem(DEVICE_KEYS[kind]);
}

export function setDeviceToken(kind: TokenKind, token: string): void {
  localStorage.setItem(DEVICE_KEYS[kind], token);
}
