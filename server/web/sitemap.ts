import { STATIC_SITEMAP_PATHS } from '../../domain/public-routes.ts';
import { escapeXml } from './escape.ts';
import type { SitemapEntry } from './public-data.ts';


export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = [
    ...STATIC_SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`),
    ...entries.map((e) => `  <url><loc>${escapeXml(origin + e.path)}</loc><lastmod>${escapeXml(e.lastmod)}</lastmod></url>`),
  ];
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
