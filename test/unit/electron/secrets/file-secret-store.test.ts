import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSecretStore, fileModeCipher, type SecretCipher } from '../../../../electron/secrets/secret-store';

/** fileModeCipher, counting how often a value is opened (a safeStorage decryption under Electron). */
function countingCipher() {
  const cipher = { ...fileModeCipher, opens: 0 } as SecretCipher & { opens: number };
  cipher.open = (sealed) => {
    cipher.opens++;
    return fileModeCipher.open(sealed);
  };
  return cipher;
}

describe('FileSecretStore', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const file = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hooklab-secret-store-'));
    dirs.push(dir);
    return join(dir, 'secrets.json');
  };

  it('opens a stored value once however often it is read, and follows set and delete', () => {
    const path = file();
    new FileSecretStore(path, fileModeCipher).set('webhookKey:main', 'first');
    const cipher = countingCipher();
    const store = new FileSecretStore(path, cipher);
    for (let i = 0; i < 1000; i++) expect(store.get('webhookKey:main')).toBe('first');
    expect(cipher.opens).toBe(1);
    store.set('webhookKey:main', 'second');
    expect(store.get('webhookKey:main')).toBe('second');
    // At rest it is still only the sealed form.
    expect(readFileSync(path, 'utf8')).toContain(fileModeCipher.seal('second'));
    expect(readFileSync(path, 'utf8')).not.toContain('"second"');
    store.delete('webhookKey:main');
    expect(store.get('webhookKey:main')).toBeUndefined();
  });
});
