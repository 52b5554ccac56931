// What other features may use from the tags feature (its page loads by path).
export { tagKeys } from './api/query-keys.ts';
export { TagFollowButton } from './components/tag-follow-button.tsx';
