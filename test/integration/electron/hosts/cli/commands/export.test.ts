import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFolderToRead } from '../../../../../../electron/hosts/data-folder/open-folder';
import { quietLogger } from '../../../../../../electron/hosts/cli/framework/session';
import { hooklabInProcess } from '../../../../../support/hooklab-in-process';
import { tempDirs } from '../../../../../support/temp-dirs';
import { judged } from '../../../features/share-export/share-helpers';

const newDir = tempDirs('hooklab-export-');

const event = (orderId: string, type: string, eventId: number) =>
  judged({ eventId, body: JSON.stringify({ orderId, orderType: 'PaymentLink', description: '', level: 'Info', type, metadata: { BuyerName: 'Rosa Quesada', BuyerEmail: 'rosa@quesada.test' } }) });

/** A data folder whose listener stored three deliveries of two orders. */
async function folderWithDeliveries(): Promise<string> {
  const dataDir = newDir();
  const core = openFolderToRead(dataDir, { version: '0.0.0', log: quietLogger() });
  core.ctx.data.deliveries.insertBatch([event('o-1', 'Created', 1), event('o-1', 'SuccessPayment', 2), event('o-2', 'SuccessPayment', 3)]);
  await core.stop();
  return dataDir;
}

describe('hooklab export', () => {
  it('--har -o FILE writes the filtered deliveries as HAR 1.2', async () => {
    const dataDir = await folderWithDeliveries();
    const out = join(newDir(), 'o-1.har');
    const run = await hooklabInProcess(['export', '--har', '-o', out, '--order', 'o-1', '--data-dir', dataDir], { cwd: dataDir });
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({ code: 0, stdout: `exported 2 deliveries to ${out} (HAR)\n` });
    const har = JSON.parse(readFileSync(out, 'utf8')) as { log: { version: string; entries: Array<{ _hooklab: { orderId: string; eventType: string } }> } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e) => [e._hooklab.orderId, e._hooklab.eventType])).toEqual([['o-1', 'Created'], ['o-1', 'SuccessPayment']]);
  });

  it('--bundle is redacted unless --no-redact, which warns', async () => {
    const dataDir = await folderWithDeliveries();
    const dir = newDir();
    const redacted = await hooklabInProcess(['export', '--bundle', '-o', join(dir, 'a.hooklab'), '--note', 'see o-2', '--type', 'SuccessPayment', '--data-dir', dataDir], { cwd: dir });
    expect(redacted.code).toBe(0);
    const text = readFileSync(join(dir, 'a.hooklab'), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'hooklab-bundle', version: 1, note: 'see o-2', redacted: true, deliveries: [{ eventId: 2 }, { eventId: 3 }] });
    expect(Buffer.from((JSON.parse(text) as { deliveries: Array<{ bodyBase64: string }> }).deliveries[0]!.bodyBase64, 'base64').toString()).not.toContain('Rosa Quesada');

    const kept = await hooklabInProcess(['export', '--bundle', '--no-redact', '-o', join(dir, 'b.hooklab'), '--data-dir', dataDir], { cwd: dir });
    expect(kept.code).toBe(0);
    expect(kept.stderr).toContain('warning: --no-redact');
    expect(readFileSync(join(dir, 'b.hooklab'), 'utf8')).toContain('"BuyerName":"Rosa Quesada"');
  });

  it('never writes through a symbolic link, never replaces a file without --force, and says what is wrong', async () => {
    const dataDir = await folderWithDeliveries();
    const dir = newDir();
    const target = join(dir, 'elsewhere.txt');
    writeFileSync(target, 'keep me');
    symlinkSync(target, join(dir, 'link.har'));
    const linked = await hooklabInProcess(['export', '--har', '-o', join(dir, 'link.har'), '--force', '--data-dir', dataDir], { cwd: dir });
    expect(linked.code).not.toBe(0);
    expect(linked.stderr).toContain('is a symbolic link: not written through');
    expect(readFileSync(target, 'utf8')).toBe('keep me');

    writeFileSync(join(dir, 'old.har'), 'old');
    const existing = await hooklabInProcess(['export', '--har', '-o', join(dir, 'old.har'), '--data-dir', dataDir], { cwd: dir });
    expect(existing.stderr).toContain('exists: not overwritten');
    expect(readFileSync(join(dir, 'old.har'), 'utf8')).toBe('old');

    const neither = await hooklabInProcess(['export', '-o', join(dir, 'x.har'), '--data-dir', dataDir], { cwd: dir });
    expect(neither.stderr).toContain('give --har or --bundle');
    expect(existsSync(join(dir, 'x.har'))).toBe(false);
  });
});
