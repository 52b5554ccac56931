import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractMetadata, MAX_TAGS } from './extract.ts';
import { readManifest, suggestFromPage } from './suggest.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('extractMetadata on fixture pages', () => {
  it('reads title, description, Open Graph, Twitter card, icons, manifest and the repository link', () => {
    const meta = extractMetadata(fixture('open-graph.html'), 'https://pixel.example/');
    expect(meta.title).toBe('Pixel Garden — grow a garden in your browser');
    expect(meta.description).toBe('A tiny garden you tend in the browser.');
    expect(meta.og).toMatchObject({ site_name: 'Pixel Garden', description: 'Plant seeds, water them and watch pixel flowers grow & bloom.', image: '/og/cover.png' });
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', image: 'https://cdn.pixel.example/twitter.png' });
    expect(meta.manifestUrl).toBe('https://pixel.example/site.webmanifest');
    expect(meta.icons.map((i) => i.href)).toEqual(['https://pixel.example/favicon-32.png', 'https://pixel.example/apple-touch-icon.png']);
    expect(meta.githubUrl).toBe('https://github.com/pixel-folk/pixel-garden/tree/main');
    expect(meta.capped).toBe(false);
  });

  it('turns them into form fields: the site name, the short text, the repository, images in order, the largest icon', () => {
    const meta = extractMetadata(fixture('open-graph.html'), 'https://pixel.example/');
    const suggestion = suggestFromPage(meta, 'https://pixel.example/');
    expect(suggestion.fields).toEqual({
      title: 'Pixel Garden',
      description: 'Plant seeds, water them and watch pixel flowers grow & bloom.',
      githubUrl: 'https://github.com/pixel-folk/pixel-garden',
      liveUrl: 'https://pixel.example/',
    });
    expect(suggestion.images).toEqual(['https://pixel.example/og/cover.png', 'https://cdn.pixel.example/twitter.png']);
    expect(suggestion.favicon).toBe('https://pixel.example/apple-touch-icon.png');
  });

  it('falls back to the Twitter card, resolving relative images against the page', () => {
    const meta = extractMetadata(fixture('twitter-only.html'), 'https://chords.example/en/');
    const { fields, images, favicon } = suggestFromPage(meta, 'https://chords.example/en/');
    expect(fields.title).toBe('Chord Helper');
    expect(fields.description).toBe('Finds the chords of any song you hum.');
    expect(images).toEqual(['https://chords.example/en/img/card.jpg']);
    expect(favicon).toBe('https://chords.example/favicon.ico');
  });

  it('reads JSON-LD (in an @graph, with <base>), skips a broken script, and keeps a long text as the detailed description', () => {
    const meta = extractMetadata(fixture('json-ld.html'), 'https://budget.example/');
    expect(meta.jsonLd.name).toBe('Budget Buddy');
    expect(meta.jsonLd.image).toBe('https://static.budget.example/app/screens/home.webp');
    const { fields } = suggestFromPage(meta, 'https://budget.example/');
    expect(fields.title).toBe('Budget Buddy');
    expect(fields.description!.length).toBeLessThanOrEqual(200);
    expect(fields.description).toMatch(/^Budget Buddy tracks what you spend.*…$/);
    expect(fields.longDescription).toMatch(/works offline once loaded\.$/);
  });

  it('makes do with a bare <title>, whitespace folded', () => {
    const meta = extractMetadata(fixture('title-only.html'), 'https://bare.example/');
    expect(suggestFromPage(meta, 'https://bare.example/').fields).toEqual({ title: 'Just a title', liveUrl: 'https://bare.example/' });
  });

  it('ignores what is not in the head, and images with other schemes', () => {
    const html = '<head><meta property="og:image" content="javascript:alert(1)"></head><body><meta name="description" content="late"><title>late</title></body>';
    const meta = extractMetadata(html, 'https://x.example/');
    expect(meta.description).toBeUndefined();
    expect(meta.title).toBeUndefined();
    expect(suggestFromPage(meta, 'https://x.example/').images).toEqual([]);
  });

  it(`stops after ${MAX_TAGS} tags: a page of 10,000 meta tags is read no further, and quickly`, () => {
    const html = `<html><head><title>Many</title>${'<meta name="x" content="yyyyyyyyyyyyyyyyyyyy">'.repeat(10_000)}<meta property="og:title" content="Too late"></head></html>`;
    const started = performance.now();
    const meta = extractMetadata(html, 'https://many.example/');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(meta.capped).toBe(true);
    expect(meta.title).toBe('Many');
    expect(meta.og.title).toBeUndefined();
  });
});

describe('readManifest', () => {
  it('reads name, description and icons, resolved against the manifest', () => {
    const manifest = readManifest(JSON.stringify({ short_name: 'PG', name: 'Pixel Garden App', description: 'Garden', icons: [{ src: 'icons/512.png', sizes: '512x512' }, { src: 42 }] }), 'https://pixel.example/static/site.webmanifest');
    expect(manifest).toEqual({ name: 'Pixel Garden App', description: 'Garden', icons: [{ href: 'https://pixel.example/static/icons/512.png', rel: 'manifest', sizes: '512x512' }] });
  });

  it('gives nothing for what is not a JSON object', () => {
    expect(readManifest('<html>', 'https://x.example/m.json')).toBeUndefined();
    expect(readManifest('[1,2]', 'https://x.example/m.json')).toBeUndefined();
  });
});
