import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { splitTokenFragment } from '../../shared/security/host-token';

/** The repository root and the Node 24 the benches run Hooklab with. */
export const root = fileURLToPath(new URL('../..', import.meta.url));
const node = join(root, 'node_modules/.bin/node');

/**
 * Runs a script of this checkout (tsx) in its own process group, so stopping the group stops the
 * very process that works (not only tsx) and its children; resolves once its output matches `until`.
 */
export function runScript(args: readonly string[], until: RegExp, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(node, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (c: Buffer) => {
      output += c.toString();
      const match = until.exec(output);
      if (match) resolve({ child, match });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}\n${output}`)));
  });
}

/** `serve` (the browser host) on a data dir and free ports; resolves once it prints its address. */
export async function startServe(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; openUrl: string }> {
  const { child, match } = await runScript(['electron/hosts/cli/serve.ts', '--ui-port', '0', '--listener-port', '0', '--data-dir', dataDir], /Hooklab is running at (http:\/\/\S+)/, env);
  return { child, openUrl: match[1]! };
}

/** What a UI bench measures in: `serve` on its data dir, and headless Chromium. */
export interface ServeInChromium {
  /** The address `serve` printed, with the token in its fragment (`/#token=T`; a route follows as `&/live`). */
  readonly openUrl: string;
  /** A browser context whose pages take the bench's injected measuring scripts (the app's CSP, script-src 'self', would block them). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes Chromium, stops serve's process group and waits until serve has exited. */
  close(): Promise<void>;
}

/**
 * The renderer built, `serve` on `dataDir` (with `env` added to its environment), and headless
 * Chromium (/usr/bin/chromium). Interrupting the bench stops serve's group too.
 */
export async function startServeInChromium(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ServeInChromium> {
  execFileSync(process.execPath, ['electron/hosts/build/ensure-renderer.mjs'], { cwd: root, stdio: 'inherit' });
  const serve = await startServe(dataDir, env);
  const exited = new Promise((resolve) => serve.child.once('exit', resolve));
  const stopServe = () => {
    try {
      process.kill(-serve.child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stopServe();
      process.exit(1);
    });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  } catch (error) {
    stopServe();
    throw error;
  }
  return {
    openUrl: serve.openUrl,
    newContext: (options = {}) => browser.newContext({ ...options, bypassCSP: true }),
    async close() {
      await browser.close();
      stopServe();
      await exited;
    },
  };
}

/** One contract call through the browser host's HTTP API, with the token of its address. */
export async function call<T>(openUrl: string, name: string, args: unknown): Promise<T> {
  const url = new URL(openUrl);
  const res = await fetch(`${url.origin}/api/calls/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${splitTokenFragment(url.hash).token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const envelope = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error!.message}`);
  return envelope.value as T;
}
