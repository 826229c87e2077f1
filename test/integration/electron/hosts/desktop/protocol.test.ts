import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererCsp } from '../../../../../electron/hosts/security/csp';
import { bootDesktopHostForFile, ROOT, type ProtocolAnswer } from './desktop-host';

const RENDERER = join(ROOT, 'out/renderer');
const ASSETS = join(RENDERER, 'assets');

/** The content type a browser needs for each kind of file the renderer build makes. */
const TYPES: Record<string, RegExp> = {
  '.js': /^text\/javascript\b/,
  '.css': /^text\/css\b/,
  '.ttf': /^font\/ttf$/,
  '.woff': /^font\/woff$/,
  '.woff2': /^font\/woff2$/,
  '.svg': /^image\/svg\+xml$/,
  '.png': /^image\/png$/,
};

const booted = bootDesktopHostForFile();

const get = (url: string) => booted.host.command<ProtocolAnswer>('request', { scheme: 'app', url });

describe("the app:// protocol serving the window's page (called with real Request objects)", () => {
  it('serves index.html with the Content Security Policy', async () => {
    const answer = await get('app://hooklab/index.html');
    expect(
      answer.status,
      'the app page app://hooklab/index.html is not served: the window would stay blank',
    ).toBe(200);
    expect(answer.headers['content-type'], 'the app page is not served as HTML').toMatch(
      /^text\/html\b/,
    );
    // frame-src names one origin: the active environment's 3-D Secure page, here the embedded
    // sandbox's (its control API answers there, to the app alone), which the flow runner frames.
    const csp = answer.headers['content-security-policy'] ?? '';
    const frameSrc = /(?:^|; )frame-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(frameSrc, 'frame-src does not admit exactly the sandbox origin').toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const control = await fetch(`${frameSrc}/_sandbox/scenarios`);
    expect(control.status, 'frame-src is not the embedded sandbox').toBe(401);
    expect(((await control.json()) as { error: string }).error, 'frame-src is not the embedded sandbox').toContain("sandbox's control token");
    expect(csp, "the app page is served without Hooklab's Content Security Policy").toBe(
      rendererCsp(frameSrc),
    );
    expect(
      Buffer.from(answer.body).equals(readFileSync(join(RENDERER, 'index.html'))),
      'the app page served is not out/renderer/index.html',
    ).toBe(true);
  });

  it("serves every script and stylesheet the page links to, from the page's own URLs", async () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
    const links = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(
      (m) => new URL(m[1]!, 'app://hooklab/index.html').href,
    );
    expect(links.length, 'the app page links no scripts: the build is broken').toBeGreaterThan(0);
    for (const link of links) {
      const answer = await get(link);
      expect(
        answer.status,
        `the page links ${link}, which the app does not serve: the window would stay blank`,
      ).toBe(200);
    }
  });

  it('serves the JavaScript modules, the Monaco workers, the CSS and the fonts with their right content types', async () => {
    const files = readdirSync(ASSETS);
    const workers = files.filter((f) => /worker.*\.js$/.test(f));
    expect(
      workers.length,
      'the build has no Monaco worker: the JSON editor would lose validation and the diff view its highlights',
    ).toBeGreaterThan(0);
    for (const file of files) {
      const type = TYPES[extname(file)];
      if (!type) continue;
      const answer = await get(`app://hooklab/assets/${file}`);
      const what = workers.includes(file) ? `Monaco's worker ${file}` : `the page's file ${file}`;
      expect(answer.status, `${what} is not served`).toBe(200);
      expect(
        answer.headers['content-type'],
        workers.includes(file)
          ? `${what} is served as ${answer.headers['content-type']}: the browser refuses to start a worker that is not JavaScript, so the JSON editor loses validation and the diff view its highlights`
          : `${what} is served as ${answer.headers['content-type']}: the browser would refuse it`,
      ).toMatch(type);
      expect(answer.body.byteLength, `${what} is served truncated`).toBe(
        statSync(join(ASSETS, file)).size,
      );
    }
  });

  it('answers 404 for another host', async () => {
    for (const url of [
      'app://evil/index.html',
      'app://hooklab.evil/index.html',
      'app://localhost/index.html',
    ]) {
      expect((await get(url)).status, `${url} is served: only app://hooklab/ is the app`).toBe(404);
    }
  });

  it('answers 404 for every way out of the renderer folder', async () => {
    // Each would reach a real file outside out/renderer: the main bundle, the preload, package.json, /etc/passwd.
    const escapes = [
      'app://hooklab/../main/index.js',
      'app://hooklab/assets/../../main/index.js',
      'app://hooklab/%2e%2e/main/index.js',
      'app://hooklab/%2E%2E/%2E%2E/package.json',
      'app://hooklab/..%2fmain%2findex.js',
      'app://hooklab/assets%2f..%2f..%2fpreload%2findex.cjs',
      'app://hooklab/%2e%2e%2f%2e%2e%2fpackage.json',
      'app://hooklab/%252e%252e%252fmain%252findex.js',
      'app://hooklab/..\\main\\index.js',
      'app://hooklab/..%5cmain%5cindex.js',
      'app://hooklab/%5c..%5c..%5cpackage.json',
      'app://hooklab//etc/passwd',
      'app://hooklab/%2fetc%2fpasswd',
      `app://hooklab/${encodeURIComponent(join(ROOT, 'package.json'))}`,
      'app://hooklab/index.html%00.js',
      'app://hooklab/%',
      'app://hooklab/assets',
    ];
    for (const url of escapes) {
      const answer = await get(url);
      expect(
        answer.status,
        `${url} is answered ${answer.status}: the page could read files outside the app`,
      ).toBe(404);
    }
  });
});
