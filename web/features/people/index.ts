// What other features may use from the people feature (issue 18).
export { AddToCollectionButton, BookmarkButton, FollowButton } from './people-actions.tsx';
export { useCollectionsOf, useFollowCounts } from './people-api.ts';
