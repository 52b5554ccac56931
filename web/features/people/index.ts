// What other features may use from the people feature (issue 18).
export { MakersPanel } from './makers-panel.tsx';
export { AddToCollectionButton, BookmarkButton, FollowButton } from './people-actions.tsx';
export { useCollectionsOf, useFollowCounts, useProjectMakers } from './people-api.ts';
