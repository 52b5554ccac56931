import satori from 'satori';
import { describe, expect, it } from 'vitest';
import { drawableText, hasGlyph, loadFonts } from './fonts.ts';
import { drawPreview, previewSvg } from './draw.ts';

/**
 * Text in the preview images never depends on installed fonts and never shows a missing-glyph box
 * (decision 252): satori writes glyph paths (no <text> for a system font to fill), and every
 * character the text keeps has a real glyph in the vendored Inter.
 */
const fonts = loadFonts();
const render = (text: string) =>
  satori({ type: 'div', props: { style: { display: 'flex', fontSize: 40, fontFamily: 'Inter' }, children: text } } as never, { width: 200, height: 60, fonts });
/** The first outline of the first glyph: satori's stand-in for a missing glyph is one box, whatever the character. */
const firstOutline = (svg: string) => /d="(M[^Z]*Z)/.exec(svg)?.[1];

describe('preview text', () => {
  it('is drawn as paths only, with no <text> a missing system font could leave empty', async () => {
    const svg = await previewSvg({ kind: 'project', site: 'Ship & Tell', title: 'Zoë’s Recipe Radar', tagline: 'Finds recipes — fast.', tools: ['Cursor'], maker: 'Ада', votes: 3, award: null });
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).not.toContain('font-family');
    expect((svg.match(/<path/g) ?? []).length).toBeGreaterThan(5);
  });

  it('drops what the font lacks (emoji, CJK, a lone mark) and keeps Latin, Greek, Cyrillic and Vietnamese', () => {
    expect(drawableText('Zoë 🚀 日本 Ελλάδα Привет Tiếng Việt')).toBe('Zoë Ελλάδα Привет Tiếng Việt');
    expect(drawableText('e\u0301')).toBe('é');
    expect(drawableText('\u0301x\u200b')).toBe('x');
    expect(drawableText('🚀🚀', 'Untitled project')).toBe('Untitled project');
  });

  it('has a real glyph for every character it keeps, and the box test does find a missing one', async () => {
    const box = firstOutline(await render('日'));
    // The detector works: another character the font lacks draws the same box.
    expect(firstOutline(await render('\u4e00'))).toBe(box);
    const missing: string[] = [];
    let checked = 0;
    // Every fifth code point of the Basic Multilingual Plane the font claims (about 450 of them).
    for (let cp = 0x21; cp < 0x10000; cp += 5) {
      const ch = String.fromCodePoint(cp);
      if (!hasGlyph(cp) || drawableText(ch) !== ch) continue;
      checked++;
      if (firstOutline(await render(ch)) === box) missing.push(`U+${cp.toString(16).toUpperCase()}`);
    }
    expect(checked).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  }, 60_000);

  it('turns a name of only emoji into a drawn image with the fallback, not boxes', async () => {
    const png = await drawPreview({ kind: 'maker', site: 'Ship', name: '🚀🔥', handle: null, bio: '日本語のみ', projects: 0, votes: 0 });
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });
});
