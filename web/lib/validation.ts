/** The spec's e-mail shape (§5): non-space text, an @, then a dot. */
export function isValidEmail(value: string): boolean {
  return value.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
