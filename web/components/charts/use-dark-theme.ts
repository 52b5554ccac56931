import { useEffect, useState } from 'react';

/** Whether the page is dark now: the `dark` class on <html>, which the theme toggle flips. */
export function useDarkTheme(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const root = document.documentElement;
    // A canvas is not styled by CSS: the chart must be drawn again in the other colours.
    const observer = new MutationObserver(() => setDark(root.classList.contains('dark')));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

/**
 * Series colours for each theme, each at least 3:1 against its card (#ffffff / #18181b), and told
 * apart by the dashes too, not by colour alone.
 */
export const SERIES_COLOURS = {
  light: ['#6d28d9', '#0e7490', '#c2410c'],
  dark: ['#a78bfa', '#22d3ee', '#fb923c'],
} as const;
export const SERIES_DASHES: ReadonlyArray<number[] | undefined> = [undefined, [6, 4], [2, 3]];

export const CHART_INK = {
  light: { text: '#52525b', grid: '#e4e4e7' },
  dark: { text: '#a1a1aa', grid: '#27272a' },
} as const;
