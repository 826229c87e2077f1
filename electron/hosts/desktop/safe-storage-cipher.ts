import { safeStorage } from 'electron';
import type { SecretCipher } from '../../services/secrets/secret-store';

/**
 * Secrets sealed by the OS keychain through Electron's safeStorage. On Linux without a keyring
 * Electron falls back to `basic_text`, a hard-coded password: we still use it, and say so.
 */
export function safeStorageCipher(): SecretCipher {
  if (!safeStorage.isEncryptionAvailable()) {
    throw new Error('safeStorage is not available: no way to encrypt secrets on this system');
  }
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  const warning =
    backend === 'basic_text'
      ? 'No system keyring found: secrets are encrypted with a built-in password (Electron basic_text), which does not protect them from other programs running as you. Install and unlock a keyring (GNOME Keyring or KWallet) to protect them.'
      : null;
  return {
    kind: `safeStorage:${backend}`,
    scheme: 'safeStorage',
    warning,
    seal: (plain) => safeStorage.encryptString(plain).toString('base64'),
    open: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
  };
}
