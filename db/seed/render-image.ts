import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Tool } from '../../domain/catalog.ts';

export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 675;

/** Two colour stops per tool, so a card's image hints at the tool before its badge does. */
const TOOL_COLOURS: Record<Tool, [string, string]> = {
  Lovable: ['#ff5f6d', '#ffc371'],
  Cursor: ['#1f2937', '#6366f1'],
  Bolt: ['#0ea5e9', '#22d3ee'],
};

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Breaks a title into at most two lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length > 2 ? [lines[0]!, lines.slice(1).join(' ').slice(0, width - 1) + '…'] : lines;
}

export function projectImageSvg(p: { slug: string; title: string; tool: Tool; category: string }): string {
  // A per-project angle and blob layout from the slug, so no two cards look alike.
  const h = createHash('sha1').update(p.slug).digest();
  const [from, to] = TOOL_COLOURS[p.tool];
  const angle = h[0]! % 360;
  const blobs = [0, 1, 2]
    .map((i) => {
      const cx = 150 + (h[1 + i * 3]! / 255) * 900;
      const cy = 80 + (h[2 + i * 3]! / 255) * 500;
      const r = 90 + (h[3 + i * 3]! / 255) * 180;
      return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" opacity="0.10"/>`;
    })
    .join('');
  const lines = wrap(p.title, 20);
  const titleY = lines.length === 1 ? 360 : 310;
  const title = lines
    .map((l, i) => `<text x="80" y="${titleY + i * 100}" font-size="88" font-weight="700">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_WIDTH}" height="${DEMO_IMAGE_HEIGHT}">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${blobs}
  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#ffffff">
    <rect x="80" y="90" rx="28" width="${60 + p.tool.length * 22}" height="56" fill="#000000" opacity="0.25"/>
    <text x="110" y="130" font-size="32" font-weight="700">${escapeXml(p.tool)}</text>
    ${title}
    <text x="80" y="585" font-size="36" opacity="0.85">${escapeXml(p.category)}</text>
  </g></svg>`;
}

/** The project's cover as WebP, 1200×675, made locally (no network). */
export async function renderProjectImage(p: { slug: string; title: string; tool: Tool; category: string }): Promise<Buffer> {
  return sharp(Buffer.from(projectImageSvg(p))).webp({ quality: 75, effort: 1 }).toBuffer();
}
