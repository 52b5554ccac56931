import { TEXT_LIMITS } from '../../../../domain/limits.ts';
import { MESSAGES, type ToastMessage } from '../../../../domain/messages.ts';

/** The spec's comment rules (§5) as toast messages; null when the comment may be sent. */
export function validateComment(content: string, signedIn: boolean): ToastMessage | null {
  if (!signedIn) return MESSAGES.commentAuthRequired;
  const text = content.trim();
  if (!text) return MESSAGES.missingComment;
  if (text.length > TEXT_LIMITS.comment) return { title: 'Comment too long', description: MESSAGES.commentTooLong };
  return null;
}
