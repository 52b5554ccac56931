import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IMAGE_SIZES } from './image-sizes.ts';
import { PLACEHOLDER_IMAGE, renderedImageUrl } from './image-urls.ts';

const ORIGIN = 'http://localhost:3000';
const supabase = createClient(ORIGIN, 'anon-key', { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });

describe('renderedImageUrl', () => {
  it.each([
    'project-images/demo/aurora.webp',
    'project-images/user 1/my shot (2).png',
    'project-images/a%2Fb/ünïcode.jpg',
  ])('spells a stored image as supabase-js getPublicUrl with a transform does: %s', (stored) => {
    const [bucket, ...rest] = stored.split('/');
    const path = rest.join('/');
    const publicUrl = supabase.storage.from(bucket!).getPublicUrl(path).data.publicUrl;
    for (const size of IMAGE_SIZES) {
      const expected = supabase.storage.from(bucket!).getPublicUrl(path, { transform: { width: size.width, height: size.height, resize: 'cover' } }).data.publicUrl;
      expect(renderedImageUrl(ORIGIN, publicUrl, size)).toBe(expected);
    }
  });

  it('leaves images on other hosts as they are, and replaces unsafe ones with the placeholder', () => {
    expect(renderedImageUrl(ORIGIN, 'https://images.example.com/a.png', IMAGE_SIZES[1])).toBe('https://images.example.com/a.png');
    expect(renderedImageUrl(ORIGIN, 'javascript:alert(1)', IMAGE_SIZES[1])).toBe(PLACEHOLDER_IMAGE);
    expect(renderedImageUrl(ORIGIN, null, IMAGE_SIZES[1])).toBe(PLACEHOLDER_IMAGE);
  });
});
