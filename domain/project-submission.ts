import { z } from 'zod';
import { CATEGORIES, TOOLS } from './catalog.ts';
import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES, INITIAL_UPVOTES, TEXT_LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { isHttpUrl, normalizeOptionalUrl } from './urls.ts';

const optionalUrl = z
  .string()
  .optional()
  .nullable()
  .transform((v) => normalizeOptionalUrl(v))
  .refine((v) => v === null || isHttpUrl(v), { message: MESSAGES.invalidUrl });

/**
 * The submit form's fields (SPEC §2, §5) as they leave the form. The image is checked separately
 * (validateProjectImage) because it is uploaded before the row is written.
 */
export const projectSubmissionSchema = z.object({
  title: z.string({ error: MESSAGES.titleRequired }).trim().min(1, MESSAGES.titleRequired).max(TEXT_LIMITS.title, MESSAGES.titleTooLong),
  description: z
    .string({ error: MESSAGES.descriptionRequired })
    .trim()
    .min(1, MESSAGES.descriptionRequired)
    .max(TEXT_LIMITS.description, MESSAGES.descriptionTooLong),
  longDescription: z
    .string()
    .optional()
    .nullable()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= TEXT_LIMITS.longDescription, { message: MESSAGES.longDescriptionTooLong }),
  liveUrl: optionalUrl,
  githubUrl: optionalUrl,
  tool: z.enum(TOOLS, { error: MESSAGES.selectToolAndCategory }),
  category: z.enum(CATEGORIES, { error: MESSAGES.selectToolAndCategory }),
  /** Issue 16: a launch day (YYYY-MM-DD), or empty for "as soon as approved"; the database checks the day. */
  launchDate: z
    .string()
    .optional()
    .nullable()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), { message: 'Pick a launch day' }),
});

export type ProjectSubmissionInput = z.input<typeof projectSubmissionSchema>;
export type ProjectSubmission = z.output<typeof projectSubmissionSchema>;

/** The image rules of SPEC §5/§9: required, under 5MB, one of the bucket's types. */
export function validateProjectImage(file: { size: number; type: string } | null | undefined): string | null {
  if (!file) return MESSAGES.imageRequired;
  if (file.size > IMAGE_MAX_BYTES) return MESSAGES.imageTooLarge;
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.imageTypeNotAllowed;
  return null;
}

/** The spec's projects insert (SPEC §7), with the values a new submission must start with. */
export function toProjectInsert(values: ProjectSubmission, creatorId: string, imageUrl: string) {
  return {
    title: values.title,
    description: values.description,
    long_description: values.longDescription,
    image_url: imageUrl,
    live_url: values.liveUrl,
    github_url: values.githubUrl,
    tool: values.tool,
    category: values.category,
    ...(values.launchDate ? { launch_date: values.launchDate } : {}),
    creator_id: creatorId,
    upvotes: INITIAL_UPVOTES,
    featured: false,
  };
}

/** A comment as the form sends it: trimmed, not blank (SPEC §5), within the database's limit. */
export const commentSchema = z.object({
  content: z
    .string({ error: MESSAGES.missingComment.description })
    .trim()
    .min(1, MESSAGES.missingComment.description)
    .max(TEXT_LIMITS.comment, MESSAGES.commentTooLong),
});
