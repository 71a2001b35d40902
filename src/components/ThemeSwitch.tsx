import { useEffect, useState, type CSSProperties } from 'react';

import { followSystemTheme, saveThemeMode, storedThemeMode, THEME_MODES, type ThemeMode } from '@/lib/theme';

const LABELS: Record<ThemeMode, string> = { light: '☀ Light', dark: '☾ Dark', auto: '◐ Auto' };

/** Bootstrap's secondary grey is below 4.5:1 on the header background; use the body's secondary text colour. */
const READABLE = { color: 'var(--bs-secondary-color)', width: 'auto' } as CSSProperties;

/**
 * Light, dark or auto (follow the system), kept in localStorage. A native select: keyboard and screen
 * readers know it, and it needs no popup code in the first download.
 */
export function ThemeSwitch() {
  const [mode, setMode] = useState<ThemeMode>(storedThemeMode);
  useEffect(() => followSystemTheme(), []);

  return (
    <select
      className="form-select form-select-sm"
      style={READABLE}
      aria-label="Theme"
      value={mode}
      onChange={(event) => {
        const next = event.target.value as ThemeMode;
        saveThemeMode(next);
        setMode(next);
      }}
    >
      {THEME_MODES.map((m) => (
        <option key={m} value={m}>
          {LABELS[m]}
        </option>
      ))}
    </select>
  );
}
