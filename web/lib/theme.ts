import { useCallback, useSyncExternalStore } from 'react';

/** The `dark` class on <html> is the source of truth; /theme.js sets it before the first paint. */
export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function current(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem('theme', theme);
  } catch {
    // Storage blocked: the choice lasts for this page view only.
  }
  for (const l of listeners) l();
}

/** The site's default (admin Appearance setting) for visitors with no saved choice: applied, not saved. */
export function applyDefaultTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  for (const l of listeners) l();
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    current,
    () => 'light' as Theme,
  );
  const toggle = useCallback(() => setTheme(current() === 'dark' ? 'light' : 'dark'), []);
  return [theme, toggle];
}
