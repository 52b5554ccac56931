import { OUTBOUND_LINK_ATTRIBUTES, withRef } from '../../domain/outbound-link.ts';
import { env } from './env.ts';
import { serverRender } from './render-context.ts';

/** The host this site's outbound links carry as ?ref= ('' for none): the same in the server's drawing and the browser. */
export function outboundRefHost(): string {
  return import.meta.env.SSR ? (serverRender()?.outboundRef ?? '') : env.outboundRef;
}

/**
 * An anchor's props for a link to a maker's site or repository (decision 237): its URL with
 * ?ref=<site host> (query and fragment kept; none when the site or the maker turned it off), a new
 * tab with noopener but without noreferrer, and a referrer policy that lets the host see our origin.
 */
export function outboundLinkProps(url: string, makerAllowsRef = true) {
  return { href: withRef(url, outboundRefHost(), makerAllowsRef), ...OUTBOUND_LINK_ATTRIBUTES };
}
