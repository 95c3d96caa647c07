import Module from 'node:module';
import path from 'node:path';

/**
 * Server modules `import 'server-only'` so that a client component importing one fails the build.
 * Next resolves that package to an empty module on the server; plain Node processes (server.ts,
 * scripts, benchmarks) would load its throwing entry instead. Imported first by those processes,
 * this marks the package as already loaded with nothing in it.
 */
const requireFromRoot = Module.createRequire(path.join(process.cwd(), 'package.json'));
const resolved = requireFromRoot.resolve('server-only');
const cache = (Module as unknown as { _cache: Record<string, Module> })._cache;
if (!cache[resolved]) {
  const marker = new Module(resolved);
  marker.filename = resolved;
  marker.loaded = true;
  marker.exports = {};
  cache[resolved] = marker;
}
