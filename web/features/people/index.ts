// What other features may use from the people feature (issue 18).
export { MakersPanel } from './components/makers-panel.tsx';
export { AddToCollectionButton, BookmarkButton, FollowButton, MuteButton } from './components/people-actions.tsx';
export { useCollectionsOf, useFollowCounts, useProjectMakers } from './api/people-api.ts';
