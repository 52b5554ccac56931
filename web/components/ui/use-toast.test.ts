import { describe, expect, it } from 'vitest';
import { placementFor } from './use-toast.ts';

describe('placementFor (defect 10: toasts never cover what the visitor is working on)', () => {
  it('goes to the half of the screen away from the focused element', () => {
    // The Submit button at the bottom of an 800 px viewport: the toast goes to the top.
    expect(placementFor({ top: 700, bottom: 748 }, 800)).toBe('top');
    // Save Changes at the top of the admin settings: the toast goes to the bottom.
    expect(placementFor({ top: 120, bottom: 160 }, 800)).toBe('bottom');
  });

  it('defaults to the bottom when nothing is focused', () => {
    expect(placementFor(null, 800)).toBe('bottom');
    expect(placementFor({ top: 10, bottom: 20 }, 0)).toBe('bottom');
  });
});
