/**
 * The one outbound-link rule (issue 32, decision 237): a link to a maker's site or repository
 * carries ?ref=<this site's host> so the maker's own analytics see where the visitor came from,
 * unless the site turned it off (OUTBOUND_REF=off) or the maker opted out (projects.outbound_ref).
 * The URL's own query and fragment are kept; an existing ref is left as the maker wrote it.
 * Used by the project page and by every later surface that links out (embeds, newsletter).
 */
export function withRef(url: string, refHost: string | undefined | null, makerAllows = true): string {
  if (!refHost || !makerAllows) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  if (parsed.searchParams.has('ref')) return url;
  parsed.searchParams.append('ref', refHost);
  return parsed.toString();
}

/**
 * What an outbound anchor carries besides its href: a new tab without access to this page
 * (noopener), but with the Referer's origin, so the host sees this site (no noreferrer).
 * Links a maker wrote stay nofollow ugc.
 */
export const OUTBOUND_LINK_ATTRIBUTES = {
  target: '_blank',
  rel: 'noopener nofollow ugc',
  referrerPolicy: 'origin',
} as const;
