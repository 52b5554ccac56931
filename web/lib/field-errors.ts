/** A form's messages per field; a field without an entry has nothing wrong (or is not checked yet). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * After an edit: every field that shows an error shows what is wrong with it now, or nothing once
 * it is fixed. Fields showing no error stay quiet until the next submit, so typing never raises
 * new errors, and a confirmation field follows the password it is compared with.
 */
export function refreshShownErrors<F extends string>(shown: FieldErrors<F>, current: FieldErrors<F>): FieldErrors<F> {
  let next = shown;
  for (const field of Object.keys(shown) as F[]) {
    if (!shown[field] || shown[field] === current[field]) continue;
    if (next === shown) next = { ...shown };
    if (current[field]) next[field] = current[field];
    else delete next[field];
  }
  return next;
}
