import { describe, expect, it } from 'vitest';
import { validateComment } from './validate-comment.ts';

describe('validateComment', () => {
  it('asks a signed-out visitor to sign in', () => {
    expect(validateComment('Nice!', false)).toEqual({ title: 'Authentication required', description: 'Please sign in to post a comment' });
  });
  it('refuses blank text after trimming', () => {
    expect(validateComment(' \n\t ', true)).toEqual({ title: 'Missing comment', description: 'Please enter your comment' });
  });
  it('refuses text over the limit and accepts the rest', () => {
    expect(validateComment('x'.repeat(2001), true)?.description).toBe('Comments can be at most 2,000 characters');
    expect(validateComment('  <b>hi</b>  ', true)).toBeNull();
  });
});
