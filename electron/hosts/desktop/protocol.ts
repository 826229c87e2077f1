import { protocol } from 'electron';
import { readStaticFile } from '../browser/static-files';
import type { Core } from '../../core/core';
import { rendererCsp, rendererCspFor } from '../security/csp';

export const APP_SCHEME = 'app';

/** Must run before `app.ready`: makes app:// a standard, secure origin (Monaco workers need it). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer at app://hooklab/, never anything outside its folder. */
export function serveRenderer(rendererDir: string, core: () => Core | null): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'hooklab') return new Response('Not found', { status: 404 });
    const file = await readStaticFile(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    const headers: Record<string, string> = { 'Content-Type': file.contentType };
    if (file.contentType.startsWith('text/html')) {
      const running = core();
      headers['Content-Security-Policy'] = running ? await rendererCspFor(running) : rendererCsp(null);
    }
    return new Response(new Uint8Array(file.body), { headers });
  });
}
