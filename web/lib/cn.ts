/** Joins class names, skipping falsy ones. Variants are written so they never need merging. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
