/**
 * User-facing messages. Those marked SPEC are quoted from SPEC §5 and §8 and must stay exactly as
 * written; the others cover limits the spec leaves unstated (see docs/decisions/020-*).
 */
export interface ToastMessage {
  title: string;
  description: string;
}

export const MESSAGES = {
  // SPEC §5 validation
  invalidEmail: { title: 'Invalid email', description: 'Please enter a valid email address.' },
  passwordMismatch: { title: 'Password mismatch', description: 'Passwords do not match. Please try again.' },
  tooManyAttempts: { title: 'Too many attempts', description: 'Please wait a moment before trying again.' },
  commentAuthRequired: { title: 'Authentication required', description: 'Please sign in to post a comment' },
  missingComment: { title: 'Missing comment', description: 'Please enter your comment' },
  submitLoginRequired: 'You must be logged in to submit a project',
  selectToolAndCategory: 'Please select a tool and category',
  imageRequired: 'Please upload a project image',
  imageTooLarge: 'Image size should be less than 5MB',

  // SPEC §8 error catalogue
  signInFailure: { title: 'Error', description: 'Failed to sign in. Please check your credentials.' },
  signInSuccess: 'You have been signed in successfully.',
  signUpFailure: 'Failed to create account. Please try again.',
  signUpSuccess: 'Please check your email to confirm your account.',
  imageUploadFailure: 'Failed to upload image. Please try again.',
  submitFailure: 'Failed to submit your project. Please try again.',
  submitSuccess: 'Your project has been submitted successfully',
  profileSaved: { title: 'Profile updated', description: 'Your profile has been updated successfully.' },
  profileFailure: 'Failed to update profile. Please try again.',
  myProjectsLoadFailure: 'Failed to load your projects. Please try again.',
  projectNotFound: {
    title: 'Project not found',
    description: "The project you're looking for doesn't exist or has been removed.",
  },
  projectLoadError: { title: 'Error', description: 'Failed to load project details' },
  upvoteFailure: { title: 'Error', description: 'Failed to update upvotes' },
  commentPosted: { title: 'Comment posted', description: 'Your comment has been added' },
  commentFailure: { title: 'Error', description: 'Failed to post your comment' },
  commentUnexpected: 'An unexpected error occurred',
  rateLimitExceeded: 'Rate limit exceeded. Please try again later.',
  adminRolePermission: "You don't have admin permissions to update user roles",
  adminBanPermission: "You don't have admin permissions to ban/unban users",
  contentDeleteConfirm: 'Are you sure you want to delete this item?',
  contentDeleted: 'Content deleted successfully.',
  settingsSaved: 'Settings saved successfully.',

  // Ours: limits the spec does not word
  titleRequired: 'Please enter a title',
  titleTooLong: 'The title can be at most 100 characters',
  descriptionRequired: 'Please enter a short description',
  descriptionTooLong: 'The short description can be at most 200 characters',
  longDescriptionTooLong: 'The detailed description can be at most 10,000 characters',
  invalidUrl: 'Please enter a web address starting with http:// or https://',
  imageTypeNotAllowed: 'Please upload a JPEG, PNG, GIF or WebP image',
  commentTooLong: 'Comments can be at most 2,000 characters',
  upvoteSignInRequired: { title: 'Sign in to upvote', description: 'Voting needs an account here. Please sign in or sign up.' },
} as const;

/** SPEC §2 admin moderation toast: 'Report {resolved|dismissed} successfully.' */
export const reportHandledMessage = (outcome: 'resolved' | 'dismissed') => `Report ${outcome} successfully.`;
