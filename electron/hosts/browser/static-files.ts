import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
}

/**
 * Resolves a URL path inside the built renderer folder, refusing anything that would escape
 * it (`..`, encoded separators). Returns null when there is no such file.
 */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  if (!full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    if (!(await stat(full)).isFile()) return null;
    return { body: await readFile(full), contentType: TYPES[extname(full)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
