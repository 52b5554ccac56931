import { describe, expect, it } from 'vitest';
import { canonicalShareUrl, parseVideoUrl, shareLinks } from './richer-projects.ts';

describe('parseVideoUrl', () => {
  it('turns YouTube, Vimeo and Loom links into their players', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')?.embedUrl).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')?.host).toBe('youtube');
    expect(parseVideoUrl('https://vimeo.com/76979871')?.embedUrl).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(parseVideoUrl('https://www.loom.com/share/0123456789abcdef0123456789abcdef')?.embedUrl).toBe(
      'https://www.loom.com/embed/0123456789abcdef0123456789abcdef?autoplay=1',
    );
  });
  it('refuses other hosts and look-alikes', () => {
    for (const bad of ['https://evil.example/watch?v=dQw4w9WgXcQ', 'http://youtu.be/dQw4w9WgXcQ', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/abc', 'javascript:alert(1)', '']) {
      expect(parseVideoUrl(bad)).toBeNull();
    }
  });
});

describe('share links', () => {
  it('share the page without its query string', () => {
    expect(canonicalShareUrl('https://site.example/projects/1?utm_source=x#c')).toBe('https://site.example/projects/1');
    const links = shareLinks('https://site.example/projects/1', 'A & B');
    expect(links.linkedin).toBe('https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsite.example%2Fprojects%2F1');
    expect(links.x).toContain('text=A%20%26%20B');
    expect(links.email).toBe('mailto:?subject=A%20%26%20B&body=https%3A%2F%2Fsite.example%2Fprojects%2F1');
  });
});
