import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.ts';

describe('isUuid', () => {
  it('accepts a uuid in either case and refuses anything else a link could carry', () => {
    expect(isUuid('6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isUuid('6F1C2A9E-3B4D-4E5F-8A9B-0C1D2E3F4A5B')).toBe(true);
    expect(isUuid('my-project-slug')).toBe(false);
    expect(isUuid('6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b/extra')).toBe(false);
    expect(isUuid(' 6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
