/**
 * Prints the gzip size of the JavaScript the home route needs to start — the entry chunk, the app
 * it imports once the first screen is shown (web/app/start.tsx, decision 204), and every chunk
 * those import statically (exactly what index.html loads and modulepreloads) — and fails when it
 * exceeds the budget. Lazily imported pages are excluded: they load only where they are used.
 *
 *   tsx scripts/check-bundle-size.ts [distDir] [--budget-kb=160]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticImportClosure, type ManifestChunk } from '../domain/build-manifest.ts';

export interface BundleReport {
  files: Array<{ file: string; bytes: number; gzip: number }>;
  totalGzip: number;
  cssGzip: number;
}

export function homeRouteBundle(distDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('No index.html entry in the Vite manifest; was the app built with manifest: true?');

  const appStart = manifest[entryKey]!.dynamicImports?.find((k) => k.endsWith('app/start.tsx'));
  if (!appStart) throw new Error('The entry does not import web/app/start.tsx: what does / start?');
  const importsOf = (key: string) => manifest[key]?.imports;
  const seen = new Set([...staticImportClosure(entryKey, importsOf), ...staticImportClosure(appStart, importsOf)]);
  const css = new Set([...seen].flatMap((key) => manifest[key]!.css ?? []));

  const files = [...seen].map((key) => {
    const file = manifest[key]!.file;
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const cssGzip = [...css].reduce((sum, f) => sum + gzipSync(readFileSync(join(distDir, f)), { level: 9 }).length, 0);
  return { files, totalGzip: files.reduce((s, f) => s + f.gzip, 0), cssGzip };
}

function main() {
  const args = process.argv.slice(2);
  const distDir = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist/web');
  const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 160);
  const report = homeRouteBundle(distDir);
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

  console.log('JavaScript needed for / before first render (gzip):');
  for (const f of report.files) console.log(`  ${f.file.padEnd(44)} ${kb(f.bytes).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip`);
  console.log(`  total ${kb(report.totalGzip)} of a ${budgetKb} kB budget (CSS ${kb(report.cssGzip)} gzip, not counted)`);
  if (report.totalGzip > budgetKb * 1000) {
    console.error(`Bundle budget exceeded: ${kb(report.totalGzip)} > ${budgetKb} kB. Lazy-load what the home page does not need.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
