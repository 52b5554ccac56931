import { describe, expect, it } from 'vitest';
import { renderBadge } from './launches.ts';

const project = { id: '00000000-0000-4000-8000-000000000001', title: 'Focus Timer', award: null };

describe('the embeddable badge', () => {
  it('says "1 upvote" for one and "N upvotes" otherwise, in its accessible name', () => {
    expect(renderBadge('AI Showcase', { ...project, upvotes: 1 }, 'light')).toContain('<title>Featured on AI Showcase: Focus Timer, 1 upvote</title>');
    expect(renderBadge('AI Showcase', { ...project, upvotes: 0 }, 'light')).toContain('Focus Timer, 0 upvotes</title>');
    expect(renderBadge('AI Showcase', { ...project, upvotes: 12 }, 'dark')).toContain('Focus Timer, 12 upvotes</title>');
  });
});
