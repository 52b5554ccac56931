import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth a compressed twin; index.html is rendered per request, so it is left out. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/i;
/** Below this a compressed twin saves next to nothing; above it, a twin is kept only when smaller. */
const MIN_BYTES = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip, level 9) beside every text file of the
 * build, once, so the server sends compressed assets without compressing on each request
 * (server/web/static-files.ts picks the variant by Accept-Encoding).
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = config.build.outDir;
      const work: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        work.push(
          (async () => {
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([
              br.length < content.length ? writeFile(`${file}.br`, br) : undefined,
              gz.length < content.length ? writeFile(`${file}.gz`, gz) : undefined,
            ]);
          })(),
        );
      }
      await Promise.all(work);
    },
  };
}
