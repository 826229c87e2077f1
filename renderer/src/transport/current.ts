import type { HooklabApi } from '../../../shared/contract';
import { createBrowserTransport } from './browser-transport';
import { createElectronTransport } from './electron-transport';
import { reloadOnNewPageToken, takePageToken } from './page-token';
import type { Transport } from './transport';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    hooklab?: HooklabApi;
  }
}

/**
 * The one transport of this page, chosen once: the preload's API if present, else the browser
 * host, with the token the page was opened with (see page-token.ts).
 */
export const transport: Transport = window.hooklab
  ? createElectronTransport(window.hooklab)
  : createBrowserTransport({ token: takePageToken() ?? undefined });

if (!window.hooklab) reloadOnNewPageToken();
