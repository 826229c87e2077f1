/**
 * The only bridge between the page and the main process: `window.hooklab`, `call` for the
 * contract's names plus `subscribe`. Raw ipcRenderer never reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_NAMES, type CallEnvelope } from '../../../shared/contract';
import { buildApi } from './api';
import { callChannel, EVENT_CHANNEL } from './channels';

const listeners = new Map<string, Set<(payload: unknown) => void>>();
ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, message: { event: string; payload: unknown }) => {
  for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
});

const api = buildApi(
  CALL_NAMES,
  async (name, args) => {
    const envelope = (await ipcRenderer.invoke(callChannel(name), args)) as CallEnvelope<unknown>;
    if (envelope.ok) return envelope.value;
    // A plain object, not an Error: contextBridge copies an Error with its message only (its code
    // would be lost and every desktop error would read "internal"), a plain object whole.
    throw { code: envelope.error.code, message: envelope.error.message };
  },
  (event, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  },
);

contextBridge.exposeInMainWorld('hooklab', api);
