import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileSecretStore, fileModeCipher, type SecretCipher } from '../../../../../electron/services/secrets/secret-store';
import { tempDirs } from '../../../../support/temp-dirs';

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
  const tempDir = tempDirs('hooklab-secret-store-');
  const file = () => {
    const dir = tempDir();
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
