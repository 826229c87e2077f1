import { Menu, dialog, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { Core } from '../../core/core';

/**
 * The application menu: Electron's usual menus (so copy, paste, reload and zoom keep their
 * keys), with File → Import… added. The file chosen is imported by the core from its path (the
 * renderer never sees it); the window then opens its first request in Live.
 */
export function installAppMenu(core: () => Core | null, win: () => BrowserWindow | null): void {
  const importItem: MenuItemConstructorOptions = {
    label: 'Import…',
    accelerator: 'CmdOrCtrl+O',
    click: () => void importChosenFile(core, win),
  };
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { label: 'File', submenu: [importItem, { type: 'separator' }, process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function importChosenFile(core: () => Core | null, win: () => BrowserWindow | null): Promise<void> {
  const window = win();
  const options = {
    title: 'Import a HAR or a Hooklab bundle',
    properties: ['openFile' as const],
    filters: [
      { name: 'HAR or Hooklab bundle', extensions: ['har', 'hooklab', 'json'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const chosen = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  const path = chosen.filePaths[0];
  const running = core();
  if (chosen.canceled || !path || !running) return;
  const result = await running.invoke('live.import', { path });
  if (!result.ok) {
    dialog.showErrorBox('Nothing was imported', result.error.message);
    return;
  }
  const { firstId } = result.value as { firstId: number | null };
  if (firstId !== null) running.ctx.runtime.bus.emit('app.navigate', { area: 'live', deliveryId: firstId });
}
