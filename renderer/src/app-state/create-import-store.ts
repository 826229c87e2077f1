import { create } from 'zustand';
import { MAX_DROPPED_IMPORT_BYTES, type ImportOutcome } from '../../../shared/contract/live-import';
import type { Transport } from '../transport/transport';

/** What the window says about the last import: under way, done (with what), or refused (why). */
export type ImportState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'busy'; readonly fileName: string }
  | { readonly kind: 'done'; readonly outcome: ImportOutcome }
  | { readonly kind: 'refused'; readonly fileName: string; readonly message: string };

const MIB = 1024 * 1024;

/** A file's bytes as Base64, a chunk at a time (one String.fromCharCode of 64 MB would overflow the stack). */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * Imports a file dropped onto the window or picked with Import…: its bytes go to `live.import`
 * (the core judges and stores them), and `onImported` opens the first request.
 */
export function createImportStore(transport: Transport, onImported: (outcome: ImportOutcome) => void) {
  const use = create<ImportState>(() => ({ kind: 'idle' }));
  const { setState } = use;

  async function importFile(file: File): Promise<void> {
    if (file.size > MAX_DROPPED_IMPORT_BYTES) {
      setState({
        kind: 'refused',
        fileName: file.name,
        message: `${file.name}: ${Math.ceil(file.size / MIB)} MiB is more than a window takes (${MAX_DROPPED_IMPORT_BYTES / MIB} MiB): import it with \`hooklab import ${file.name}\` (up to 512 MiB). Nothing imported.`,
      });
      return;
    }
    setState({ kind: 'busy', fileName: file.name });
    try {
      const outcome = await transport.call('live.import', { file: { name: file.name, base64: await base64Of(file) } });
      setState({ kind: 'done', outcome });
      onImported(outcome);
    } catch (error) {
      setState({ kind: 'refused', fileName: file.name, message: (error as Error).message });
    }
  }

  return { use, importFile, dismiss: () => setState({ kind: 'idle' }) };
}

export type ImportStore = ReturnType<typeof createImportStore>;
