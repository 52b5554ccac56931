// What other features may use from the launches feature (issue 16).
export { BadgeSnippets, badgeSnippets } from './badge-snippets.tsx';
export { projectAwards, type Award, type AwardRow } from './awards.ts';
export { default as TodaysLaunches } from './todays-launches.tsx';
