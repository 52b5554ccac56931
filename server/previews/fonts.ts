import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * The one typeface of the preview images: Inter, vendored from npm (@fontsource/inter, SIL Open
 * Font License 1.1), read once at start. The site itself uses `system-ui`, which a server may not
 * have installed; nothing here depends on installed fonts. Fontsource ships Inter in subsets; the
 * ones loaded cover Latin (with its extensions and Vietnamese), Greek and Cyrillic. Which
 * characters they really have is read from the fonts' own character maps (a subset's declared
 * unicode-range is wider than its glyphs). A character none of them has (emoji, CJK, symbols) is
 * dropped from the text before it is drawn, so an image never shows a missing-glyph box
 * (decision 252).
 */
const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'] as const;
const WEIGHTS = [400, 700] as const;

export const FONT_FAMILY = 'Inter';

export interface PreviewFont {
  name: string;
  data: Buffer;
  weight: (typeof WEIGHTS)[number];
  style: 'normal';
}

const packageDir = dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json'));

/**
 * Every subset in both weights, each under its own name ("Inter latin-ext" …: satori keeps one font
 * per name and weight, and falls back through the others for a glyph the first lacks).
 */
export function loadFonts(): PreviewFont[] {
  return WEIGHTS.flatMap((weight) =>
    SUBSETS.map((subset) => ({
      name: subset === 'latin' ? FONT_FAMILY : `${FONT_FAMILY} ${subset}`,
      weight,
      style: 'normal' as const,
      data: readFileSync(join(packageDir, 'files', `inter-${subset}-${weight}-normal.woff`)),
    })),
  );
}

/** A WOFF 1.0 file's table, inflated when it is compressed. */
function woffTable(woff: Buffer, tag: string): Buffer | undefined {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    if (woff.toString('latin1', at, at + 4) !== tag) continue;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return compLength < origLength ? inflateSync(raw) : raw;
  }
  return undefined;
}

/** The code points a font maps to a glyph (its cmap's format 4 and 12 subtables). */
function cmapCodePoints(woff: Buffer): Set<number> {
  const cmap = woffTable(woff, 'cmap');
  const out = new Set<number>();
  if (!cmap) return out;
  const tables = cmap.readUInt16BE(2);
  for (let i = 0; i < tables; i++) {
    const sub = cmap.readUInt32BE(4 + i * 8 + 4);
    const format = cmap.readUInt16BE(sub);
    if (format === 4) {
      const segX2 = cmap.readUInt16BE(sub + 6);
      const ends = sub + 14;
      const starts = ends + segX2 + 2;
      const deltas = starts + segX2;
      const rangeOffsets = deltas + segX2;
      for (let s = 0; s < segX2 / 2; s++) {
        const end = cmap.readUInt16BE(ends + s * 2);
        const start = cmap.readUInt16BE(starts + s * 2);
        const delta = cmap.readInt16BE(deltas + s * 2);
        const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
        for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
          else {
            const g = cmap.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
            glyph = g === 0 ? 0 : (g + delta) & 0xffff;
          }
          if (glyph !== 0) out.add(cp);
        }
      }
    } else if (format === 12) {
      const groups = cmap.readUInt32BE(sub + 12);
      for (let g = 0; g < groups; g++) {
        const at = sub + 16 + g * 12;
        const start = cmap.readUInt32BE(at);
        const end = cmap.readUInt32BE(at + 4);
        if (cmap.readUInt32BE(at + 8) === 0) continue;
        for (let cp = start; cp <= end; cp++) out.add(cp);
      }
    }
  }
  return out;
}

/** The code points every weight has a glyph for, in some subset: what the images can draw. */
function loadCoverage(): Set<number> {
  const fonts = loadFonts();
  const byWeight = WEIGHTS.map((w) => {
    const set = new Set<number>();
    for (const f of fonts.filter((x) => x.weight === w)) for (const cp of cmapCodePoints(f.data)) set.add(cp);
    return set;
  });
  return new Set([...byWeight[0]!].filter((cp) => byWeight.every((set) => set.has(cp))));
}

const coverage = loadCoverage();

/** Whether the vendored font has a glyph for this code point (in both weights). */
export function hasGlyph(codePoint: number): boolean {
  return coverage.has(codePoint);
}

/**
 * Text as the image can show it: characters the font lacks are dropped (an emoji, a Chinese name)
 * and so are combining marks left after composing,
 * control characters and runs of white space become one space, and what is left is trimmed. A
 * name made only of such characters becomes `fallback`.
 */
export function drawableText(text: string | null | undefined, fallback = ''): string {
  let out = '';
  // Composed first (e + U+0301 → é), then any mark left alone is dropped: satori draws a mark
  // without its letter as a missing glyph.
  for (const ch of (text ?? '').normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (/\p{M}/u.test(ch)) continue;
    if (/\s/u.test(ch) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else if (hasGlyph(cp) && !(cp >= 0x200b && cp <= 0x200f) && !(cp >= 0x2028 && cp <= 0x202e) && !(cp >= 0x2060 && cp <= 0x206f) && cp !== 0xfeff) out += ch;
  }
  out = out.replace(/ {2,}/g, ' ').trim();
  return out || fallback;
}

/** Text cut to `max` characters at a word boundary when it can be, with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max * 0.6 ? atWord : cut}…`;
}
