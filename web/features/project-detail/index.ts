// What other features may use from a project's page (the page itself loads by path).
export { projectDetailKeys } from './api/query-keys.ts';
export { useProject, type ProjectDetail } from './api/get-project.ts';
