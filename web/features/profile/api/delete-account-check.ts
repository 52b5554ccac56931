/** What the person must type to confirm: the word DELETE, or their own e-mail address. */
export function confirmsDeletion(typed: string, email: string | undefined): boolean {
  const value = typed.trim();
  if (value === 'DELETE') return true;
  return Boolean(email) && value.toLowerCase() === email!.trim().toLowerCase();
}
