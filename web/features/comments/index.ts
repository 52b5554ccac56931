// What other features may use from the comments feature.
export { CommentsSection } from './comments-section.tsx';
