import { CallError } from '../../../../shared/contract/errors';
import type { CallArgs, CallResult } from '../../../../shared/contract';
import type { HmacSha256 } from '../../../../shared/signing';
import type { LiveDeps } from '../deps';
import { ImportRefused, readImportFile, refuseOverLimit, type ImportSource } from './import-file';
import { importFile } from './importer';

/**
 * `live.import`: a file by path (the CLI, the desktop's File → Import) or by its bytes (a drop
 * onto the window, the browser host's picker). A refusal is one `invalid` line; nothing is stored.
 */
export function createImportCall(ctx: LiveDeps, hmac: HmacSha256, onImported: () => void) {
  // A bundle's key becomes a Replay throwaway key (its value in the secrets, as every key's).
  const replayKeys = ctx.config.keyChoices;
  return async (args: CallArgs<'live.import'>): Promise<CallResult<'live.import'>> => {
    try {
      const source: ImportSource = 'path' in args ? readImportFile(args.path) : droppedFile(args.file);
      const outcome = importFile(source, {
        store: ctx.data.imports,
        keys: ctx.config.webhookKeys.known(),
        hmac,
        nowMs: ctx.runtime.clock.now(),
        keepBundleKey: (label, value) => replayKeys.addThrowaway(label, value),
      });
      ctx.runtime.log.info('imported a file', { fileName: outcome.fileName, count: outcome.count, kind: outcome.kind });
      onImported();
      ctx.runtime.bus.emit('live.imported', { importId: outcome.importId, fileName: outcome.fileName, count: outcome.count, firstId: outcome.firstId });
      return outcome;
    } catch (error) {
      if (error instanceof ImportRefused) throw new CallError('invalid-args', error.message);
      throw error;
    }
  };
}

function droppedFile(file: { name: string; base64: string }): ImportSource {
  // The name is the sender's: only its last part is kept, as a label.
  const fileName = file.name.split(/[\\/]/).pop() || 'dropped file';
  refuseOverLimit(fileName, Math.floor((file.base64.length * 3) / 4));
  return { fileName, bytes: new Uint8Array(Buffer.from(file.base64, 'base64')) };
}
