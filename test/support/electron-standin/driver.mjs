// The test's hands inside the host process: answers commands sent over the IPC channel by
// using what the host registered with the stand-in (lifecycle events, the protocol handler,
// ipcMain handlers, permission and window-open handlers) exactly as Electron would call them.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { electronEvent, emitReady, app } from './electron.mjs';
import { journal, registry, watchJournal } from './state.mjs';

/** A full garbage collection, as time passing before a user clicks would eventually run one. */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  /** @type {() => void} */ (runInNewContext('gc'))();
}

const send = (/** @type {unknown} */ message) =>
  new Promise((resolve) => process.send?.(message, () => resolve(undefined)));

function theWindow() {
  const win = registry.windows[0];
  if (!win) throw new Error('the app has no window open');
  return win;
}

/** A sender for an ipcMain handler: the window's own webContents, or a stranger. */
function senderFor(/** @type {{ webContentsId?: number, frameUrl: string | null }} */ from) {
  const own = registry.windows[0]?.webContents;
  const sender =
    from.webContentsId === undefined
      ? own
      : { id: from.webContentsId, standinLabel: `[WebContents ${from.webContentsId}]` };
  if (!sender) throw new Error('the app has no window to send from');
  return sender;
}

/** @type {Record<string, (message: any) => unknown>} */
const commands = {
  journal: () => journal,
  ready: () => emitReady(),
  emitApp(message) {
    const event = electronEvent();
    app.emit(message.event, event, ...(message.args ?? []));
    return { defaultPrevented: event.defaultPrevented };
  },
  async request(message) {
    const handler = registry.protocolHandlers.get(message.scheme);
    if (!handler) throw new Error(`no handler is registered for the ${message.scheme}:// scheme`);
    const response = await handler(new Request(message.url, { method: message.method ?? 'GET' }));
    const body = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: Object.fromEntries(response.headers), body };
  },
  async invoke(message) {
    const handler = registry.ipcHandlers.get(message.channel);
    if (!handler) return { noHandler: true };
    const event = {
      sender: senderFor(message),
      senderFrame: message.frameUrl === null ? null : { url: message.frameUrl },
      processId: 1,
      frameId: 1,
    };
    return { value: await handler(event, message.args) };
  },
  permission(message) {
    const { permissionRequestHandler: onRequest, permissionCheckHandler: onCheck } = registry;
    const wc = registry.windows[0]?.webContents ?? null;
    /** @type {boolean | 'never answered'} */
    let requested = 'never answered';
    // The app's own page asks, unless the test names another origin (a page it navigated to).
    const origin = message.origin ?? 'app://hooklab';
    onRequest?.(wc, message.permission, (/** @type {boolean} */ granted) => (requested = granted), {
      requestingUrl: `${origin}/index.html`,
    });
    const checked = onCheck
      ? onCheck(wc, message.permission, origin, {
          requestingUrl: `${origin}/index.html`,
        })
      : 'no check handler';
    return { requested, checked };
  },
  navigate(message) {
    const wc = theWindow().webContents;
    const event = electronEvent({ url: message.url, isMainFrame: true });
    wc.emit('will-navigate', event, message.url);
    return { defaultPrevented: event.defaultPrevented };
  },
  attachWebview() {
    const event = electronEvent();
    theWindow().webContents.emit('will-attach-webview', event, {}, {});
    return { defaultPrevented: event.defaultPrevented };
  },
  openWindow(message) {
    const handler = theWindow().webContents.windowOpenHandler;
    if (!handler) return { noHandler: true };
    return {
      result: handler({
        url: message.url,
        frameName: '',
        features: '',
        disposition: 'new-window',
        referrer: { url: '', policy: 'default' },
      }),
    };
  },
  windowEvent(message) {
    theWindow().emit(message.event, electronEvent());
  },
  /**
   * The user clicks the notification shown `index`-th (from 0), after a garbage collection:
   * a click comes seconds or minutes later, and Electron delivers it only to a notification
   * the host still holds.
   */
  clickNotification(message) {
    const shown = registry.notifications[message.index];
    if (!shown) throw new Error(`no notification #${message.index} was shown (${registry.notifications.length} were)`);
    collectGarbage();
    const notification = shown.ref.deref();
    if (!notification) return { delivered: false };
    notification.emit('click', electronEvent());
    return { delivered: true };
  },
  /** What the user's Quit (menu, Cmd+Q, the OS) does: app.quit(). */
  quit: () => app.quit(),
  minimize: () => theWindow().minimize(),
  closeWindow: () => theWindow().close(),
};

/** Starts answering the test; every journal entry is also pushed to it as it happens. */
export function startDriver() {
  watchJournal((entry) => void send({ type: 'record', entry }));
  registry.exitProcess = (code) => {
    void send({ type: 'exit', code }).then(() => process.exit(code));
  };
  process.on('message', async (/** @type {any} */ message) => {
    try {
      const command = commands[message.command];
      if (!command) throw new Error(`unknown driver command ${message.command}`);
      await send({ type: 'reply', id: message.id, ok: true, value: await command(message) });
    } catch (error) {
      await send({
        type: 'reply',
        id: message.id,
        ok: false,
        error: /** @type {Error} */ (error).stack ?? String(error),
      });
    }
  });
}
