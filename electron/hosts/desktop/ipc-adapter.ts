import { CALL_NAMES, type CallEnvelope } from '../../../shared/contract';
import { callChannel } from '../preload/channels';

/** The part of Electron's IpcMainInvokeEvent the adapter looks at. */
export interface InvokeEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's ipcMain the adapter uses; injected so tests need no Electron. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, args: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}


/** The origin the app's page is served from (custom protocol, see protocol.ts). */
export const APP_ORIGIN = 'app://hooklab';

/**
 * Registers one IPC handler per contract call. Every message is checked against the trusted
 * sender (the app's own page) before its arguments are even parsed; the core then validates
 * the arguments with the call's schema. Returns a function that removes the handlers.
 */
export function registerContractHandlers(
  ipcMain: IpcMainLike,
  invoke: (name: string, args: unknown) => Promise<CallEnvelope<unknown>>,
  isTrustedSender: (event: InvokeEventLike) => boolean,
): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(callChannel(name), async (event, args): Promise<CallEnvelope<unknown>> => {
      if (!isTrustedSender(event)) {
        return {
          ok: false,
          error: { code: 'forbidden', message: "rejected: the sender is not Hooklab's own page" },
        };
      }
      return invoke(name, args);
    });
  }
  return () => {
    for (const name of CALL_NAMES) ipcMain.removeHandler(callChannel(name));
  };
}

/** Trusts only the given window's main frame on our own origin. */
export function trustOnly(webContentsId: () => number | null) {
  return (event: InvokeEventLike): boolean => {
    const url = event.senderFrame?.url;
    return (
      event.sender.id === webContentsId() &&
      url !== undefined &&
      (url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`))
    );
  };
}
