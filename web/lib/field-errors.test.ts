import { describe, expect, it } from 'vitest';
import { refreshShownErrors } from './field-errors.ts';

describe('refreshShownErrors', () => {
  it('clears an error once its field is fixed and keeps the others (defect 9)', () => {
    const shown = { title: 'Please enter a title', description: 'Please enter a short description' };
    expect(refreshShownErrors(shown, { description: 'Please enter a short description' })).toEqual({ description: 'Please enter a short description' });
  });

  it('updates a shown error to the current problem, and never raises an error that was not shown', () => {
    expect(refreshShownErrors({ password: 'Please enter a password' }, { password: 'Password should be at least 8 characters.', email: 'Invalid' })).toEqual({
      password: 'Password should be at least 8 characters.',
    });
  });

  it('returns the same object when nothing changed, so React skips the render', () => {
    const shown = { confirm: 'Passwords do not match. Please try again.' };
    expect(refreshShownErrors(shown, { confirm: 'Passwords do not match. Please try again.' })).toBe(shown);
  });
});
