/**
 * The password rules the server enforces (server/auth/passwords.ts: 8 to 256 characters), shown on
 * the forms and checked there first so a typo does not cost a rate-limited round trip.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

export function passwordProblem(password: string): string | null {
  if (password.length === 0) return 'Please enter a password';
  if (password.length < PASSWORD_MIN_LENGTH) return `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}
