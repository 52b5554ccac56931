/**
 * The build's chunk graph, as Vite's manifest (dist/web/.vite/manifest.json) and its bundle both
 * describe it: what the server's preload hints, the bundle-size check and the build's own hints
 * walk. One walk, so the three agree on what "a chunk and everything it imports" is.
 */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * `start` and every chunk it imports statically, transitively, each once, in the order first
 * reached. `importsOf` answers a chunk's static imports (undefined for a key the graph lacks).
 */
export function staticImportClosure(start: string, importsOf: (key: string) => readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of importsOf(key) ?? []) visit(imported);
  };
  visit(start);
  return [...seen];
}
