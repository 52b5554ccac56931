/** A supabase-js error saying "too many requests" (HTTP 429 or GoTrue's rate-limit codes). */
export const isRateLimited = (err: unknown) => {
  const { status, code } = (typeof err === 'object' && err !== null ? err : {}) as { status?: unknown; code?: unknown };
  return status === 429 || ['over_request_rate_limit', 'over_email_send_rate_limit'].includes(String(code));
};
