// What other features may use from the comments feature.
export { CommentsSection } from './components/comments-section.tsx';
