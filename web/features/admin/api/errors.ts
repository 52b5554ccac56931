/** PostgREST and function errors carry a message meant for people; show it, else a fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error && typeof error === 'object' && 'message' in error && typeof (error as { message: unknown }).message === 'string') {
    const message = (error as { message: string }).message;
    if (message && !/^(Failed to fetch|NetworkError)/i.test(message)) return message;
  }
  return fallback;
}

/**
 * Search text goes into a PostgREST or=() filter, where , ( ) " \ and the wildcards have
 * meaning; they are replaced by spaces so a search can never change the filter's shape.
 */
export function searchPattern(term: string): string | undefined {
  const cleaned = term.replace(/[,()"\\%*_:]/g, ' ').trim();
  return cleaned ? `%${cleaned}%` : undefined;
}

export const PAGE_SIZE = 20;
