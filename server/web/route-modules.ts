import { readFileSync, statSync } from 'node:fs';
import { staticImportClosure, type ManifestChunk } from '../../domain/build-manifest.ts';
import { matchPublicRoute } from '../../domain/public-routes.ts';
import { escapeHtml } from './escape.ts';

/**
 * The page module each public route loads on demand (its `module` in domain/public-routes.ts), by
 * its key in the build's manifest. Without a hint the browser finds the module only after the
 * entry has run: one more round trip before a phone can draw the page (decision 201).
 */
/** Vite's build manifest (dist/web/.vite/manifest.json), re-read when a rebuild changes it. */
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
