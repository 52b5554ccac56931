// What other features may use from the creators feature (its page loads by path).
export { creatorKeys } from './api/query-keys.ts';
