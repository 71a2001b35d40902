import { STORAGE_KEYS } from './storage';

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export function storedThemeMode(): ThemeMode {
  const saved = localStorage.getItem(STORAGE_KEYS.theme);
  return THEME_MODES.includes(saved as ThemeMode) ? (saved as ThemeMode) : 'auto';
}

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

export function resolveTheme(mode: ThemeMode): 'light' | 'dark' {
  if (mode !== 'auto') return mode;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Bootstrap 5.3 colour modes switch on this attribute. */
export function applyTheme(mode: ThemeMode): void {
  document.documentElement.setAttribute('data-bs-theme', resolveTheme(mode));
}

export function saveThemeMode(mode: ThemeMode): void {
  localStorage.setItem(STORAGE_KEYS.theme, mode);
  applyTheme(mode);
}

/** In auto mode, follow the operating system when it switches between light and dark. */
export function followSystemTheme(): () => void {
  const query = darkQuery();
  if (!query) return () => undefined;
  const onChange = () => {
    if (storedThemeMode() === 'auto') applyTheme('auto');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
