// What other features may use from the submit feature (My Projects edits with the same form).
export { ProjectForm, type ProjectFormValues } from './components/project-form.tsx';
export { SaveError, requireCurrentUser, rateLimitedOrDefault, uploadOrExplain } from './api/save-project.ts';
export { removeProjectImage, imagePathFromUrl } from './api/upload-image.ts';
export { creatorNameFor } from './api/creator-name.ts';
