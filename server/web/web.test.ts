import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, truncate } from './escape.ts';
import { renderFeed } from './feed.ts';
import { renderIndexHtml } from './index-html.ts';

const html = `<!doctype html><html><head><title>AI Showcase</title>
<meta name="description" content="default" />
</head><body><div id="root"></div></body></html>`;

describe('renderIndexHtml', () => {
  it('injects the runtime config and escapes every value', () => {
    const out = renderIndexHtml(
      html,
      { supabaseUrl: 'http://localhost:8080', anonKey: 'key"><script>alert(1)</script>', authReturnOrigin: 'http://localhost:8080', outboundRef: 'showcase.example' },
      { title: '<img src=x onerror=alert(1)> $& $1', description: 'a "quoted" & <b>bold</b>', url: 'http://localhost:8080/projects/1', image: 'https://img.example/a.png?x=1&y=2' },
    );
    expect(out).toContain('<title>&lt;img src=x onerror=alert(1)&gt; $&amp; $1</title>');
    expect(out).toContain('<meta name="auth-return-origin" content="http://localhost:8080" />');
    expect(out).toContain('<meta name="outbound-ref" content="showcase.example" />');
    expect(out).toContain('<meta name="supabase-anon-key" content="key&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(out).toContain('<meta name="description" content="a &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;" />');
    expect(out).toContain('<meta property="og:image" content="https://img.example/a.png?x=1&amp;y=2" />');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script>');
    expect(out.match(/<title>/g)).toHaveLength(1);
  });
});

describe('escaping', () => {
  it('escapes HTML and XML and drops XML-forbidden control characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u0007<')).toBe('ab&lt;');
  });
  it('truncates on a word boundary', () => {
    expect(truncate('one two three four', 10)).toBe('one two…');
    expect(truncate('short', 10)).toBe('short');
  });
});

describe('renderFeed', () => {
  it('produces RSS with escaped items', () => {
    const xml = renderFeed({ name: 'AI Showcase', description: 'd', origin: 'https://show.example' }, [
      { id: 'p1', title: 'A <b> & B', description: '<script>x</script>', long_description: null, image_url: null, created_at: '2026-11-21T00:00:00Z', updated_at: '2026-11-21T00:00:00Z', creator_name: 'Ann & Co' },
    ]);
    expect(xml).toContain('<title>A &lt;b&gt; &amp; B</title>');
    expect(xml).toContain('<link>https://show.example/projects/p1</link>');
    expect(xml).toContain('<description>&lt;script&gt;x&lt;/script&gt;</description>');
    expect(xml).toContain('<dc:creator>Ann &amp; Co</dc:creator>');
    expect(xml).toContain('<pubDate>Sat, 21 Nov 2026 00:00:00 GMT</pubDate>');
  });
});
