import { IMAGE_SIZE_FOR } from '../../domain/image-sizes.ts';
import { renderedImageUrl } from '../../domain/image-urls.ts';
import { OUTBOUND_LINK_ATTRIBUTES, withRef } from '../../domain/outbound-link.ts';
import { safeHttpUrl } from '../../domain/urls.ts';
import { escapeHtml } from '../web/escape.ts';
import { CARD_CSS, CARD_CSS_HASH, CARD_SCRIPT, CARD_SCRIPT_HASH } from './card-assets.ts';
import type { CardProject } from './card-data.ts';

export type CardTheme = 'light' | 'dark';

/** ?theme=light|dark; anything else follows the reader's prefers-color-scheme. */
export function cardTheme(value: string | undefined): CardTheme | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}

export interface CardContext {
  /** The site's public origin (the card's own, decision 105's rule). */
  origin: string;
  siteName: string;
  /** The public anon key the card's script reads with (the same every page of the site carries). */
  anonKey: string;
  /** The host outbound links carry as ?ref= ('' for none; decision 237). */
  refHost: string;
  theme?: CardTheme;
}

/**
 * The card's CSP (decision 259): any page may frame it; its one style sheet and one script by
 * hash; images from the site or https (covers hosted elsewhere, as on the site, decision 101);
 * connections to the site only (REST and its realtime websocket, spelled out for browsers whose
 * 'self' does not cover ws:).
 */
export function cardContentSecurityPolicy(origin: string): string {
  return [
    "default-src 'none'",
    `script-src ${CARD_SCRIPT_HASH}`,
    `style-src ${CARD_CSS_HASH}`,
    "img-src 'self' data: https:",
    `connect-src 'self' ${origin.replace(/^http/, 'ws')}`,
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

/** An anchor's attributes, every value escaped. */
function attributes(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
}

/**
 * The card: cover, name, tagline, maker and vote count of one launched project, drawn on the
 * server as a small HTML page (no SPA bundle). Every text from the database is escaped. Links open
 * a new tab without access to the frame (noopener): the project's page on this site, and the
 * maker's live site through the outbound-link rule (withRef, its nofollow ugc and Referer origin).
 */
export function renderCardPage(project: CardProject, ctx: CardContext): string {
  const pageUrl = `${ctx.origin}/projects/${project.id}`;
  const cover = new URL(renderedImageUrl(ctx.origin, project.image_url, IMAGE_SIZE_FOR.card), ctx.origin).toString();
  const maker = project.maker_name || 'Unknown';
  const back = { target: '_blank', rel: 'noopener' };
  const live = safeHttpUrl(project.live_url);
  const outbound = { target: OUTBOUND_LINK_ATTRIBUTES.target, rel: OUTBOUND_LINK_ATTRIBUTES.rel, referrerpolicy: OUTBOUND_LINK_ATTRIBUTES.referrerPolicy };
  const votes = `${project.upvotes} ${project.upvotes === 1 ? 'upvote' : 'upvotes'}`;
  return `<!doctype html>
<html lang="en"${ctx.theme ? ` data-theme="${ctx.theme}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${project.title} · ${ctx.siteName}`)}</title>
<link rel="canonical" href="${escapeHtml(pageUrl)}">
<style>${CARD_CSS}</style>
</head>
<body>
<article class="card"${attributes({ 'data-project': project.id, 'data-key': ctx.anonKey })}>
<a class="cover"${attributes({ href: pageUrl, ...back, 'aria-hidden': 'true', tabindex: '-1' })}><img${attributes({ src: cover, alt: '', width: String(IMAGE_SIZE_FOR.card.width), height: String(IMAGE_SIZE_FOR.card.height) })}></a>
<div class="body">
<h1 class="name"><a${attributes({ href: pageUrl, ...back })}>${escapeHtml(project.title)}</a></h1>
<p class="tagline">${escapeHtml(project.description)}</p>
<p class="maker">by ${escapeHtml(maker)}</p>
<div class="foot">
<span class="votes" role="status"${attributes({ 'aria-label': votes })}><svg width="10" height="9" viewBox="0 0 10 9" aria-hidden="true"><path d="M5 0l5 9H0z"/></svg><span class="count">${project.upvotes}</span></span>
${live ? `<a${attributes({ href: withRef(live, ctx.refHost, project.outbound_ref), ...outbound })}>Visit site</a>` : ''}
<a class="site"${attributes({ href: pageUrl, ...back, title: `Upvote ${project.title} on ${ctx.siteName}` })}>${escapeHtml(ctx.siteName)}</a>
</div>
</div>
</article>
<script>${CARD_SCRIPT}</script>
</body>
</html>
`;
}
