import { autofillResultSchema, type AutofillResult } from '../../../../domain/autofill.ts';
import { supabase } from '../../../lib/supabase.ts';

/**
 * Suggestions for the form from a URL (the autofill function, decision 261). Nothing is saved:
 * the form fills its empty fields, and the image, if any, is uploaded through the normal path
 * when the maker submits.
 */

/** Why nothing was filled, in the words the form shows. */
export class AutofillError extends Error {
  override name = 'AutofillError';
}

const FALLBACK = 'The page could not be read just now. Try again, or fill the form yourself.';

export async function requestAutofill(url: string): Promise<AutofillResult> {
  const { data, error } = await supabase.functions.invoke<unknown>('autofill', { body: { url } });
  if (error) {
    const context = (error as { context?: Response }).context;
    if (context && typeof context.json === 'function') {
      const body = (await context.json().catch(() => null)) as { message?: unknown } | null;
      if (typeof body?.message === 'string') throw new AutofillError(body.message);
    }
    if (/timeout/i.test(String((error as { message?: unknown }).message))) throw new AutofillError('The page took too long to read. Try again, or fill the form yourself.');
    throw new AutofillError(FALLBACK);
  }
  const parsed = autofillResultSchema.safeParse(data);
  if (!parsed.success) throw new AutofillError(FALLBACK);
  return parsed.data;
}
