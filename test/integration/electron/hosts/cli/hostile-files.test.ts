import { chmodSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readProjectConfigView } from '../../../../../electron/features/project-config/feature';
import { judgeDelivery, headerPairs } from '../../../../../electron/features/live/listener/judge';
import { openDatabase } from '../../../../../electron/services/data/database';
import { DeliveryStore } from '../../../../../electron/services/data/delivery-store';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import { openFolderToRead } from '../../../../../electron/hosts/data-folder/open-folder';
import { quietLogger } from '../../../../../electron/hosts/cli/framework/session';
import { hooklabInProcess } from '../../../../support/hooklab-in-process';
import { tempDirs } from '../../../../support/temp-dirs';

// A cloned repository's files and a hostile sender's deliveries, as `hooklab` commands meet them.
const env = { HOOKLAB_WEBHOOK_KEY: 'hostile-files-key-51e2' };
const newDir = tempDirs('hooklab-hostile-');
// OSC 0 (window title), OSC 52 (clipboard write), clear screen, an 8-bit CSI, a bidi override.
const HOSTILE_TYPE = 'Paid\u001b]0;owned\u0007\u001b[2J';
const HOSTILE_ORDER = 'o\u001b]52;c;cm0gLXJmIH4=\u0007\u009b31m\u202Ex';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

/** A handler on loopback that answers 200 and keeps what it got. */
async function receiver(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.end('ok');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, bodies };
}

function scenario(events: Array<{ type: string; orderId: string }>): string {
  return JSON.stringify({
    format: 'hooklab-scenario',
    version: 1,
    recordedAt: '2026-01-01T00:00:00Z',
    source: {},
    events: events.map((e, i) => ({
      gapMs: 0,
      receivedAt: '2026-01-01T00:00:00Z',
      eventType: e.type,
      eventId: String(100 + i),
      eventCreated: '2026-01-01T00:00:00Z',
      headers: [['Content-Type', 'application/json']],
      body: JSON.stringify({ type: e.type, orderId: e.orderId, metadata: null }),
    })),
  });
}

/** A data folder whose listener has a current webhook key (replay signs with it). */
async function keyedDataFolder(): Promise<string> {
  const dataDir = newDir();
  const core = openFolderToRead(dataDir, { version: '0.0.0', log: quietLogger() });
  const added = await core.invoke('live.addKey', { label: 'test', value: env.HOOKLAB_WEBHOOK_KEY, environmentId: null });
  expect(added.ok).toBe(true);
  await core.stop();
  return dataDir;
}

function fixture(type: string): string {
  const body = JSON.stringify({ type, orderId: HOSTILE_ORDER, metadata: null });
  return JSON.stringify({ hooklabFixture: 1, method: 'POST', url: null, headers: [['Content-Type', 'application/json']], bodyBase64: Buffer.from(body).toString('base64'), bodyText: body, signature: null, keyLabel: null, eventType: type });
}

/** A data folder holding received deliveries with these bodies, as the listener stores them. */
function dataFolderWith(bodies: string[]): string {
  const dataDir = newDir();
  const db = openDatabase(join(dataDir, 'hooklab.db'));
  const context = { keys: [], answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] }, passThrough: false };
  new DeliveryStore(db).insertBatch(
    bodies.map((body) => {
      const bytes = Buffer.from(body);
      const request = { receivedAtMs: Date.now(), method: 'POST', path: '/hooks', headers: headerPairs(['Content-Type', 'application/json']), body: bytes, bodySize: bytes.length, truncation: null };
      return judgeDelivery(request, context, nodeHmac);
    }),
  );
  db.close();
  return dataDir;
}

describe('terminal output a sender drives (issue 25, item 4)', () => {
  it('scenario run and replay show the type and order id with their controls escaped', async () => {
    const target = await receiver();
    const project = newDir();
    writeFileSync(join(project, 'hostile.json'), scenario([{ type: HOSTILE_TYPE, orderId: HOSTILE_ORDER }]));
    writeFileSync(join(project, 'fixture.json'), fixture(HOSTILE_TYPE));
    const run = await hooklabInProcess(['scenario', 'run', 'hostile.json', '--to', target.url, '--speed', 'max', '--data-dir', newDir()], { cwd: project, env });
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Paid\\x1b]0;owned\\x07\\x1b[2J');
    expect(run.stdout).toContain('o\\x1b]52;c;cm0gLXJmIH4=\\x07\\x9b31m');
    expect(run.stdout).not.toMatch(RAW_CONTROL);

    const replay = await hooklabInProcess(['replay', 'fixture.json', '--to', target.url, '--data-dir', await keyedDataFolder()], { cwd: project, env });
    expect(replay.stderr).toBe('');
    expect(replay.stdout).toContain('Paid\\x1b]0;owned\\x07');
    expect(replay.stdout).not.toMatch(RAW_CONTROL);
  });

  it('events, in text and in --json (U+009B too), never writes a control raw', async () => {
    const dataDir = dataFolderWith([JSON.stringify({ type: HOSTILE_TYPE, orderId: HOSTILE_ORDER, metadata: null })]);
    const text = await hooklabInProcess(['events', '--data-dir', dataDir], { cwd: dataDir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Paid\\x1b]0;owned');
    expect(text.stdout).not.toMatch(RAW_CONTROL);
    const json = await hooklabInProcess(['events', '--json', '--data-dir', dataDir], { cwd: dataDir });
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect(json.stdout).toContain('\\u009b');
    // The same values for a program (the store shows bidi controls as [U+202E] already).
    const row = JSON.parse(json.stdout) as { type: string; orderId: string };
    expect(row.type).toBe(HOSTILE_TYPE);
    expect(row.orderId).toContain('\u009b31m');
  });
});

describe('config and scenario files are regular files of a bounded size (item 6)', () => {
  it('a config that is a symlink to /dev/zero, a pipe or over 1 MiB is refused in one line, at once', async () => {
    const project = newDir();
    symlinkSync('/dev/zero', join(project, 'hooklab.config.json'));
    const r = await hooklabInProcess(['trigger', 'SuccessPayment', '--data-dir', newDir()], { cwd: project, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hooklab trigger: config ${join(project, 'hooklab.config.json')}: is a character device, not a regular file\n`);
    // The app's project.config call reads the same way.
    expect(readProjectConfigView(project, undefined).error).toBe('is a character device, not a regular file');

    const big = newDir();
    writeFileSync(join(big, 'hooklab.config.json'), `{"routes":{},"$schema":"${'x'.repeat(1024 * 1024)}"}`);
    const large = await hooklabInProcess(['trigger', 'SuccessPayment', '--data-dir', newDir()], { cwd: big, env });
    expect(large.code).toBe(2);
    expect(large.stderr).toMatch(/larger than the 1 MiB allowed/);
  });

  it('a scenario file that is a symlink to /dev/zero is refused in one line', async () => {
    const project = newDir();
    symlinkSync('/dev/zero', join(project, 'zero.json'));
    const r = await hooklabInProcess(['scenario', 'run', 'zero.json', '--to', 'http://127.0.0.1:9/', '--speed', 'max', '--data-dir', newDir()], { cwd: project, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hooklab scenario run: ${join(project, 'zero.json')}: is a character device, not a regular file\n`);
  });
});

describe('event types named like Object.prototype members (item 9)', () => {
  it('scenario run and replay route `constructor` and `hasOwnProperty` by the config like any type', async () => {
    const target = await receiver();
    const project = newDir();
    writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ routes: { SuccessPayment: 'http://127.0.0.1:9/', '*': target.url } }));
    writeFileSync(join(project, 'proto.json'), scenario([{ type: 'constructor', orderId: 'o-1' }, { type: 'hasOwnProperty', orderId: 'o-2' }]));
    writeFileSync(join(project, 'fixture.json'), fixture('constructor'));
    const run = await hooklabInProcess(['scenario', 'run', 'proto.json', '--speed', 'max', '--data-dir', newDir()], { cwd: project, env });
    expect(run.stderr).not.toMatch(/TypeError/);
    expect(run.code).toBe(0);
    const replay = await hooklabInProcess(['replay', 'fixture.json', '--data-dir', await keyedDataFolder()], { cwd: project, env });
    expect(replay.stderr).toBe('');
    expect(replay.code).toBe(0);
    expect(target.bodies.map((b) => (JSON.parse(b) as { type: string }).type)).toEqual(['constructor', 'hasOwnProperty', 'constructor']);
  });
});

describe("the config's scenarios folder and scenario record -o (item 10)", () => {
  it('a scenarios folder outside the config folder (by .. or by a symlink) is refused for bare names', async () => {
    const outside = newDir();
    writeFileSync(join(outside, 'paid.json'), scenario([{ type: 'SuccessPayment', orderId: 'o-1' }]));
    const project = newDir();
    writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ scenarios: outside }));
    const run = await hooklabInProcess(['scenario', 'run', 'paid', '--to', 'http://127.0.0.1:9/', '--data-dir', newDir()], { cwd: project, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is outside the config's folder: refused/);

    symlinkSync(outside, join(project, 'linked'));
    writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ scenarios: 'linked' }));
    const record = await hooklabInProcess(['scenario', 'record', '--ids', '1', '-o', 'paid', '--data-dir', newDir()], { cwd: project, env });
    expect(record.code).toBe(2);
    expect(record.stderr).toMatch(/is outside the config's folder: refused/);
  });

  it('never overwrites an existing file without --force', async () => {
    const dataDir = dataFolderWith([JSON.stringify({ type: 'SuccessPayment', orderId: 'o-1', metadata: null })]);
    const project = newDir();
    mkdirSync(join(project, 'scenarios'));
    writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ scenarios: 'scenarios' }));
    const existing = join(project, 'scenarios', 'paid.json');
    writeFileSync(existing, 'keep me');
    const refused = await hooklabInProcess(['scenario', 'record', '--ids', '1', '-o', 'paid', '--data-dir', dataDir], { cwd: project, env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`hooklab scenario record: ${existing} exists: not overwritten (pass --force to replace it)\n`);
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    const forced = await hooklabInProcess(['scenario', 'record', '--ids', '1', '-o', 'paid', '--force', '--data-dir', dataDir], { cwd: project, env });
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(existing, 'utf8'))).toMatchObject({ format: 'hooklab-scenario' });
  });

  it('never writes through a symbolic link in the scenarios folder, even with --force', async () => {
    const dataDir = dataFolderWith([JSON.stringify({ type: 'SuccessPayment', orderId: 'o-1', metadata: null })]);
    const project = newDir();
    mkdirSync(join(project, 'scenarios'));
    writeFileSync(join(project, 'hooklab.config.json'), JSON.stringify({ scenarios: 'scenarios' }));
    // A cloned repository's link to a file of the user's, outside the project.
    const victim = join(newDir(), 'profile');
    writeFileSync(victim, 'the user\'s own file');
    const link = join(project, 'scenarios', 'paid.json');
    symlinkSync(victim, link);
    for (const extra of [[], ['--force']]) {
      const r = await hooklabInProcess(['scenario', 'record', '--ids', '1', '-o', 'paid', ...extra, '--data-dir', dataDir], { cwd: project, env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(`hooklab scenario record: ${link} is a symbolic link: not written through, even with --force (remove the link or choose another -o)\n`);
    }
    expect(readFileSync(victim, 'utf8')).toBe('the user\'s own file');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });
});

describe('--data-dir that cannot be a data folder (item 16)', () => {
  it('a file, /dev/null or a path under /proc gives one clear line and exit 2, at once', async () => {
    const file = join(newDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    for (const [dataDir, reason] of [
      [file, `${file} is not a folder`],
      ['/dev/null', '/dev/null is not a folder'],
      ['/proc/self/hooklab-data', 'cannot create the folder /proc/self/hooklab-data (it cannot be made there, ENOENT)'],
    ] as const) {
      const r = await hooklabInProcess(['events', '--data-dir', dataDir], { cwd: newDir() });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(reason);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(statSync('/dev/null').mode & 0o777).toBe(0o666);
  });

  it('an existing folder keeps its mode (a repository root is not made 0700)', async () => {
    const dataDir = newDir();
    chmodSync(dataDir, 0o755);
    const r = await hooklabInProcess(['events', '--data-dir', dataDir], { cwd: dataDir });
    expect(r.code).toBe(0);
    expect(statSync(dataDir).mode & 0o777).toBe(0o755);
  });
});
