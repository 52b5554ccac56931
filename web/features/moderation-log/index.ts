// The public moderation log: entered by its page module (domain/public-routes.ts); its keys for whoever refetches it.
export { moderationLogKeys } from './api/query-keys.ts';
