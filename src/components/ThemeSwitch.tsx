import { useEffect, useState, type CSSProperties } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';

import { followSystemTheme, saveThemeMode, storedThemeMode, THEME_MODES, type ThemeMode } from '@/lib/theme';

const LABELS: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', auto: 'Auto' };
const ICONS: Record<ThemeMode, string> = { light: '☀', dark: '☾', auto: '◐' };

/** Bootstrap's outline-secondary grey is below 4.5:1 on the header background; use the body's secondary text colour. */
const READABLE_OUTLINE = { '--bs-btn-color': 'var(--bs-secondary-color)' } as CSSProperties;

/** Light, dark or auto (follow the system), kept in localStorage. */
export function ThemeSwitch() {
  const [mode, setMode] = useState<ThemeMode>(storedThemeMode);
  useEffect(() => followSystemTheme(), []);

  const choose = (next: ThemeMode) => {
    saveThemeMode(next);
    setMode(next);
  };

  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        id="theme-switch"
        style={READABLE_OUTLINE}
        aria-label={`Theme: ${LABELS[mode]}`}
      >
        <span aria-hidden="true">{ICONS[mode]}</span> {LABELS[mode]}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {THEME_MODES.map((m) => (
          <Dropdown.Item key={m} as="button" active={m === mode} onClick={() => choose(m)}>
            <span aria-hidden="true">{ICONS[m]}</span> {LABELS[m]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
