// What other features may use from the launches feature (issue 16). Awards and launch periods are
// shared facts (domain/launch-awards.ts, domain/launch-periods.ts); the badge snippets are shared UI
// (web/components/badge-snippets.tsx). This door stays small: the home page enters by it, and
// everything it re-exports is in the first bundle.
import { lazy } from 'react';

export { default as TodaysLaunches } from './components/todays-launches.tsx';
// A maker's live rank on My Projects: loaded on demand, so it costs the first bundle one line.
export const LiveRank = lazy(() => import('./components/live-rank.tsx'));
