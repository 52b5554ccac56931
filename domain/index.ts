export * from './catalog.ts';
export * from './limits.ts';
export * from './image-sizes.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './project-submission.ts';
export * from './urls.ts';
export * from './richer-projects.ts';
