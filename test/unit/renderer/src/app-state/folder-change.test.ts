import { describe, expect, it } from 'vitest';
import { folderChangeMessage } from '../../../../../renderer/src/app-state/folder-change';

describe('a tab whose Hooklab now runs on another data folder', () => {
  it('says so, naming both folders, instead of going on with the old one\'s data', () => {
    expect(folderChangeMessage('/home/u/.config/Hooklab', '/tmp/other')).toBe(
      'This tab showed the data folder /home/u/.config/Hooklab; Hooklab now runs on /tmp/other. Reload the page to see that folder\'s data.',
    );
    expect(folderChangeMessage('/a', '/a')).toBeNull();
  });
});
