import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitTokenFragment } from '../../shared/security/host-token';

/** The repository root and the Node 24 the benches run Hooklab with. */
export const root = fileURLToPath(new URL('../..', import.meta.url));
const node = join(root, 'node_modules/.bin/node');

/**
 * `serve` (the browser host) on a data dir and free ports, in its own process group so the bench
 * can stop it and its children; resolves once it prints its address.
 */
export function startServe(dataDir: string): Promise<{ child: ChildProcess; openUrl: string }> {
  const child = spawn(node, ['--import', 'tsx', 'electron/hosts/cli/serve.ts', '--ui-port', '0', '--listener-port', '0', '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (c: Buffer) => {
      output += c.toString();
      const match = /Hooklab is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, openUrl: match[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited ${code}\n${output}`)));
  });
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
