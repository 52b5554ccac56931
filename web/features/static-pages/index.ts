// What other features may use from the static pages (the pages themselves load by path).
export { contentKeys } from './api/query-keys.ts';
