// What other features may use from the projects feature.
export { ProjectCard, ProjectGrid } from './components/project-card.tsx';
export { ProjectCardSkeleton } from './components/project-card-skeleton.tsx';
export { UpvoteButton } from './components/upvote-button.tsx';
export { TOOLS, CATEGORIES, type Tool, type Category } from '../../../domain/catalog.ts';
export { useHomeProjects, LISTING_COLUMNS } from './api/get-projects.ts';
export { toProject, type Project, type ProjectRow, type Creator } from './api/types.ts';
export { projectImageUrl, PLACEHOLDER_IMAGE } from './api/image-url.ts';
export { useTags, tagsQuery, type TagRow } from './api/tags-query.ts';
export { useLiveUpvotes } from './api/live-upvotes.ts';
export { projectKeys } from './api/query-keys.ts';
