import type { AutofillFields, AutofillResult } from '../../../../domain/autofill.ts';

/** What the form does with the suggestions (decision 261): pure, so it is tested without a server. */

/** The fetched image as a file the form's image checks and upload take like a chosen one. */
export function imageFile(image: NonNullable<AutofillResult['image']>): File {
  const binary = atob(image.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const ext = image.type.split('/')[1]!.replace('jpeg', 'jpg');
  return new File([bytes], `preview.${ext}`, { type: image.type });
}

export type FilledField = keyof AutofillFields | 'image';

/** The form's text fields auto-fill may suggest (the project form's values have them all). */
export type AutofillableValues = Record<keyof AutofillFields, string>;

/** Only the fields the maker left empty take a suggestion: nothing they typed is replaced. */
export function applyAutofill<V extends AutofillableValues>(values: V, fields: AutofillFields): { values: V; filled: Array<keyof AutofillFields> } {
  const next = { ...values };
  const filled: Array<keyof AutofillFields> = [];
  for (const key of ['title', 'description', 'longDescription', 'liveUrl', 'githubUrl'] as const) {
    const suggestion = fields[key]?.trim();
    if (suggestion && !values[key].trim()) {
      next[key] = suggestion;
      filled.push(key);
    }
  }
  return { values: next, filled };
}
