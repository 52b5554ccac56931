// The Launches entries of the header and the mobile menu (issue 30, M4): plain links, no menu library,
// so they cost the first bundle almost nothing. The daily leaderboard opens on the viewer's date (the
// site's day may differ by a few hours; the page has Previous/Next).
export function launchesLinks(now = new Date()) {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return [
    { to: '/#todays-launches', label: "Today's launches" },
    { to: '/upcoming', label: 'Upcoming' },
    { to: `/leaderboard/daily/${y}-${m}-${d}`, label: 'Leaderboards' },
    { to: '/winners', label: 'Winners' },
  ] as const;
}

/** Whether a path belongs to the launches section (the header marks Launches as current there). */
export const isLaunchesPath = (path: string) => /^\/(upcoming|leaderboard|winners)(\/|$)/.test(path);
