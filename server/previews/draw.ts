import satori from 'satori';
import sharp from 'sharp';
import { clip, drawableText, FONT_FAMILY, loadFonts } from './fonts.ts';

/**
 * The preview images (issue 33 item 1): 1200×630 PNG, in the site's light style (the colours of
 * web/app/styles.css :root). Layout is a satori element tree written as plain objects; satori
 * turns text into glyph paths with the vendored Inter (fonts.ts), sharp rasterizes the SVG.
 */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const C = {
  background: '#ffffff',
  foreground: '#18181b',
  muted: '#f4f4f5',
  mutedForeground: '#52525b',
  border: '#e4e4e7',
  primary: '#6d28d9',
  accentSoft: '#f5f3ff',
  accentSoftForeground: '#5b21b6',
  award: '#b45309',
  awardSoft: '#fffbeb',
};

/** What each kind of image shows: every field is text as stored; drawing makes it drawable. */
export type PreviewView =
  | { kind: 'project'; site: string; title: string; tagline: string; tools: string[]; maker: string; votes: number; award: string | null; cover?: Buffer }
  | { kind: 'maker'; site: string; name: string; handle: string | null; bio: string | null; projects: number; votes: number }
  | { kind: 'tag'; site: string; name: string; projects: number; top: string[] }
  | { kind: 'leaderboard'; site: string; heading: string; period: string; entries: Array<{ rank: number | null; title: string; votes: number | null }> }
  | { kind: 'winners'; site: string; entries: Array<{ award: string; title: string }> };

interface El {
  type: string;
  props: { style?: Record<string, unknown>; children?: Array<El | string> | El | string; src?: string; width?: number; height?: number };
}

const el = (type: string, style: Record<string, unknown>, ...children: Array<El | string | false | null | undefined>): El => ({
  type,
  props: { style: { display: 'flex', ...style }, children: children.filter((c): c is El | string => typeof c === 'string' || (!!c && typeof c === 'object')) },
});

const text = (value: string, style: Record<string, unknown>): El => ({ type: 'div', props: { style: { display: 'block', ...style }, children: value } });

/** Up to `lines` lines of text, the rest ellipsized (a long name never runs off the card). */
const lines = (value: string, n: number, style: Record<string, unknown>): El => text(value, { lineClamp: n, overflow: 'hidden', wordBreak: 'break-word', ...style });

/** The upvote arrow as the site draws it: a triangle (the font has no ▲). */
const triangle = (fill: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="20" height="16" viewBox="0 0 20 16"><path d="M10 0l10 16H0z" fill="${fill}"/></svg>`).toString('base64')}`;
const TRIANGLE = triangle(C.primary);
const TRIANGLE_WHITE = triangle('#ffffff');

function header(site: string): El {
  return el(
    'div',
    { alignItems: 'center', gap: 16 },
    el('div', { width: 44, height: 44, borderRadius: 12, backgroundColor: C.primary, alignItems: 'center', justifyContent: 'center' }, {
      type: 'img',
      props: { src: TRIANGLE_WHITE, width: 20, height: 16, style: { width: 20, height: 16 } },
    } as El),
    text(clip(drawableText(site, 'Showcase'), 40), { fontSize: 28, fontWeight: 700, color: C.foreground }),
  );
}

function pill(value: string, colors: { bg: string; fg: string; border?: string }, size = 24): El {
  return text(value, { fontSize: size, fontWeight: 700, color: colors.fg, backgroundColor: colors.bg, border: `2px solid ${colors.border ?? colors.bg}`, borderRadius: 999, padding: '8px 20px' });
}

function votesPill(votes: number): El {
  return el(
    'div',
    { alignItems: 'center', gap: 12, border: `2px solid ${C.border}`, borderRadius: 16, padding: '10px 22px', backgroundColor: C.background },
    { type: 'img', props: { src: TRIANGLE, width: 20, height: 16, style: { width: 20, height: 16 } } },
    text(String(votes), { fontSize: 30, fontWeight: 700, color: C.foreground }),
    text(votes === 1 ? 'upvote' : 'upvotes', { fontSize: 24, color: C.mutedForeground }),
  );
}

function frame(...children: Array<El | false | null | undefined>): El {
  return el(
    'div',
    { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, boxSizing: 'border-box', flexDirection: 'column', backgroundColor: C.background, fontFamily: FONT_FAMILY, color: C.foreground, paddingTop: 60, paddingLeft: 64, paddingRight: 64, paddingBottom: 56, position: 'relative' },
    el('div', { position: 'absolute', left: 0, top: 0, width: PREVIEW_WIDTH, height: 12, backgroundColor: C.primary }),
    ...children,
  );
}

function projectTree(v: Extract<PreviewView, { kind: 'project' }>, hasCover: boolean): El {
  const tools = v.tools.map((t) => drawableText(t)).filter(Boolean).slice(0, 4);
  const award = v.award ? drawableText(v.award) : '';
  const body = el(
    'div',
    { flexDirection: 'column', flexGrow: 1, flexBasis: 0, minWidth: 0, gap: 20 },
    lines(clip(drawableText(v.title, 'Untitled project'), 90), 2, { fontSize: hasCover ? 60 : 68, fontWeight: 700, lineHeight: 1.1, letterSpacing: -1 }),
    lines(clip(drawableText(v.tagline), 200), 3, { fontSize: 30, lineHeight: 1.35, color: C.mutedForeground }),
    tools.length > 0 && el('div', { flexWrap: 'wrap', gap: 12 }, ...tools.map((t) => pill(clip(t, 24), { bg: C.accentSoft, fg: C.accentSoftForeground }))),
  );
  return frame(
    header(v.site),
    el(
      'div',
      { flexGrow: 1, gap: 48, marginTop: 36, alignItems: 'flex-start' },
      body,
      hasCover && el('div', { width: COVER.width, height: COVER.height, flexShrink: 0 }),
    ),
    hasCover && el('div', { position: 'absolute', left: COVER.left - 2, top: COVER.top - 2, width: COVER.width + 4, height: COVER.height + 4, borderRadius: COVER.radius + 2, backgroundColor: C.border }),
    el(
      'div',
      { alignItems: 'center', justifyContent: 'space-between', gap: 24 },
      el('div', { alignItems: 'center', gap: 10, minWidth: 0, flexShrink: 1 }, text('by', { fontSize: 28, color: C.mutedForeground }), lines(clip(drawableText(v.maker, 'a maker'), 40), 1, { fontSize: 28, fontWeight: 700 })),
      el('div', { alignItems: 'center', gap: 16, flexShrink: 0 }, award ? pill(clip(award, 32), { bg: C.awardSoft, fg: C.award, border: '#fcd34d' }) : null, votesPill(v.votes)),
    ),
  );
}

function makerTree(v: Extract<PreviewView, { kind: 'maker' }>): El {
  const name = drawableText(v.name, 'A maker');
  const initial = [...name][0]!.toUpperCase();
  return frame(
    header(v.site),
    el(
      'div',
      { flexGrow: 1, gap: 48, alignItems: 'center' },
      el('div', { width: 200, height: 200, borderRadius: 999, backgroundColor: C.accentSoft, border: `4px solid ${C.primary}`, alignItems: 'center', justifyContent: 'center', flexShrink: 0 }, text(initial, { fontSize: 96, fontWeight: 700, color: C.primary })),
      el(
        'div',
        { flexDirection: 'column', gap: 14, flexGrow: 1, flexBasis: 0, minWidth: 0 },
        lines(clip(name, 80), 2, { fontSize: 68, fontWeight: 700, lineHeight: 1.1, letterSpacing: -1 }),
        v.handle ? text(`@${clip(drawableText(v.handle), 40)}`, { fontSize: 32, color: C.primary, fontWeight: 700 }) : null,
        v.bio ? lines(clip(drawableText(v.bio), 180), 2, { fontSize: 28, lineHeight: 1.35, color: C.mutedForeground }) : null,
      ),
    ),
    el(
      'div',
      { gap: 16, alignItems: 'center' },
      pill(`${v.projects} ${v.projects === 1 ? 'project' : 'projects'}`, { bg: C.accentSoft, fg: C.accentSoftForeground }),
      votesPill(v.votes),
    ),
  );
}

function listRow(lead: string, title: string, trail: string | null, leadColor = C.primary): El {
  return el(
    'div',
    { alignItems: 'center', gap: 20, borderBottom: `2px solid ${C.muted}`, paddingBottom: 10 },
    text(lead, { fontSize: 28, fontWeight: 700, color: leadColor, width: 64, flexShrink: 0 }),
    lines(clip(drawableText(title, 'Untitled project'), 60), 1, { fontSize: 30, fontWeight: 700, flexGrow: 1, flexBasis: 0, minWidth: 0 }),
    trail ? text(trail, { fontSize: 26, color: C.mutedForeground, flexShrink: 0 }) : null,
  );
}

function tagTree(v: Extract<PreviewView, { kind: 'tag' }>): El {
  return frame(
    header(v.site),
    el(
      'div',
      { flexDirection: 'column', flexGrow: 1, justifyContent: 'center', gap: 24 },
      lines(`#${clip(drawableText(v.name, 'tag'), 40)}`, 1, { fontSize: 88, fontWeight: 700, color: C.primary, letterSpacing: -2 }),
      text(`${v.projects} ${v.projects === 1 ? 'project' : 'projects'} built with AI coding tools`, { fontSize: 32, color: C.mutedForeground }),
      el('div', { flexWrap: 'wrap', gap: 12, maxHeight: 130, overflow: 'hidden' }, ...v.top.slice(0, 4).map((t) => pill(clip(drawableText(t, 'Untitled project'), 36), { bg: C.muted, fg: C.foreground }))),
    ),
  );
}

function leaderboardTree(v: Extract<PreviewView, { kind: 'leaderboard' }>): El {
  const entries = v.entries.slice(0, 5);
  return frame(
    header(v.site),
    el('div', { flexDirection: 'column', gap: 4, marginTop: 24 }, text(v.heading, { fontSize: 52, fontWeight: 700, letterSpacing: -1 }), text(v.period, { fontSize: 30, color: C.mutedForeground })),
    el(
      'div',
      { flexDirection: 'column', gap: 12, marginTop: 24 },
      ...(entries.length
        ? entries.map((e) => listRow(e.rank === null ? '•' : `#${e.rank}`, e.title, e.votes === null ? null : `${e.votes} ${e.votes === 1 ? 'upvote' : 'upvotes'}`))
        : [text('No launches in this period yet.', { fontSize: 30, color: C.mutedForeground })]),
    ),
  );
}

function winnersTree(v: Extract<PreviewView, { kind: 'winners' }>): El {
  const entries = v.entries.slice(0, 5);
  return frame(
    header(v.site),
    el('div', { alignItems: 'baseline', gap: 20, marginTop: 28 }, text('Winners', { fontSize: 52, fontWeight: 700, letterSpacing: -1 }), text('Projects of the Day, Week and Month', { fontSize: 32, color: C.mutedForeground })),
    el(
      'div',
      { flexDirection: 'column', gap: 14, marginTop: 28 },
      ...(entries.length
        ? entries.map((e) => el(
            'div',
            { alignItems: 'center', gap: 20, borderBottom: `2px solid ${C.muted}`, paddingBottom: 10 },
            pill(clip(drawableText(e.award), 30), { bg: C.awardSoft, fg: C.award, border: '#fcd34d' }, 22),
            lines(clip(drawableText(e.title, 'Untitled project'), 60), 1, { fontSize: 30, fontWeight: 700, flexGrow: 1, flexBasis: 0, minWidth: 0 }),
          ))
        : [text('No winners yet.', { fontSize: 30, color: C.mutedForeground })]),
    ),
  );
}

/** Where a project's cover goes: the layout leaves the place, sharp puts the pixels there. */
// 16:9, the shape of the site's own cards (domain/image-sizes.ts).
export const COVER = { left: PREVIEW_WIDTH - 64 - 448, top: 12 + 48 + 44 + 36, width: 448, height: 252, radius: 18 };
const COVER_MASK = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${COVER.width}" height="${COVER.height}"><rect width="${COVER.width}" height="${COVER.height}" rx="${COVER.radius}" fill="#fff"/></svg>`);

let fonts: ReturnType<typeof loadFonts> | undefined;

/** The satori tree's SVG: every glyph a path (satori never writes <text>). Exported for the glyph test. */
export async function previewSvg(view: PreviewView): Promise<string> {
  fonts ??= loadFonts();
  const tree =
    view.kind === 'project' ? projectTree(view, view.cover !== undefined)
    : view.kind === 'maker' ? makerTree(view)
    : view.kind === 'tag' ? tagTree(view)
    : view.kind === 'leaderboard' ? leaderboardTree(view)
    : winnersTree(view);
  return satori(tree as unknown as Parameters<typeof satori>[0], { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fonts });
}

/** The cover sized to its box with rounded corners, or undefined when its bytes are not an image. */
async function coverLayer(bytes: Buffer): Promise<Buffer | undefined> {
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error', animated: false })
      .rotate()
      .resize(COVER.width, COVER.height, { fit: 'cover' })
      .ensureAlpha()
      .composite([{ input: COVER_MASK, blend: 'dest-in' }])
      .raw()
      .toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * A preview as PNG bytes. A project's cover is not embedded in the SVG (satori and librsvg would
 * each decode it again): it is resized once and laid over the place the layout left for it.
 */
export async function drawPreview(view: PreviewView): Promise<Buffer> {
  const cover = view.kind === 'project' && view.cover ? await coverLayer(view.cover) : undefined;
  const svg = await previewSvg(view.kind === 'project' && !cover ? { ...view, cover: undefined } : view);
  const image = sharp(Buffer.from(svg));
  if (cover) image.composite([{ input: cover, raw: { width: COVER.width, height: COVER.height, channels: 4 }, left: COVER.left, top: COVER.top }]);
  return image.png().toBuffer();
}
