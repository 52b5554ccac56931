import { readFileSync, statSync } from 'node:fs';
import { staticImportClosure, type ManifestChunk } from '../../domain/build-manifest.ts';
import { matchPublicRoute } from '../../domain/public-routes.ts';
import { escapeHtml } from './escape.ts';

/**
 * The module hints of a page the server does not draw: the page module its public route names
 * (`module` in domain/public-routes.ts, the router's own key; decision 218) and what it imports,
 * from Vite's build manifest (dist/web/.vite/manifest.json), re-read when a rebuild changes it.
 * Without a hint the browser finds the module only after the entry has run: one more round trip
 * before a phone can draw the page (decision 201).
 */
export class RouteModules {
  private cached?: { mtimeMs: number; manifest: Record<string, ManifestChunk> };

  constructor(private readonly manifestPath: string) {}

  private manifest(): Record<string, ManifestChunk> | undefined {
    try {
      const { mtimeMs } = statSync(this.manifestPath);
      if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, manifest: JSON.parse(readFileSync(this.manifestPath, 'utf8')) };
      return this.cached.manifest;
    } catch {
      return undefined;
    }
  }

  /** `<link rel="modulepreload">` for the route's page module and what it imports, less what `html` already names. */
  preloadTags(pathname: string, html: string): string {
    const key = matchPublicRoute(pathname)?.route.module;
    const manifest = this.manifest();
    if (!key || !manifest?.[key]) return '';
    const files = new Set(staticImportClosure(key, (k) => manifest[k]?.imports).flatMap((k) => (manifest[k] ? [manifest[k].file] : [])));
    return [...files]
      .map((file) => `/${file}`)
      .filter((href) => !html.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
      .join('\n    ');
  }
}
