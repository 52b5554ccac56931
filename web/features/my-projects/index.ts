// What other features may use from a maker's own projects (the page itself loads by path).
export { myProjectsKeys } from './api/query-keys.ts';
