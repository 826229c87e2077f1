import { describe, expect, it } from 'vitest';
import { desktopStartArgs } from '../../../../../electron/hosts/desktop/start-args';

describe("the desktop app's command line", () => {
  it("picks out npm start's options among Electron's own arguments and Chromium switches", () => {
    const args = desktopStartArgs(['.', '--enable-logging', '--ui-port', '5173', '--listener-port=5000', '--data-dir', '/tmp/x', '--save', '--inspect=9229']);
    expect(args.value('ui-port')).toBe('5173');
    expect(args.value('listener-port')).toBe('5000');
    expect(args.value('data-dir')).toBe('/tmp/x');
    expect(args.flag('save')).toBe(true);
    expect(args.notices).toEqual([]);
  });

  it('takes the old --port as --ui-port, with a notice', () => {
    const args = desktopStartArgs(['.', '--port', '5173']);
    expect(args.value('ui-port')).toBe('5173');
    expect(args.notices).toEqual(['--port is now --ui-port (the old spelling still works)']);
  });

  it('has nothing to apply when none is given', () => {
    const args = desktopStartArgs(['/opt/Hooklab/hooklab', '--no-sandbox']);
    expect(args.value('ui-port')).toBeUndefined();
    expect(args.value('data-dir')).toBeUndefined();
    expect(args.flag('save')).toBe(false);
  });

  it('refuses an option without its value', () => {
    expect(() => desktopStartArgs(['.', '--port'])).toThrow('--port needs a value');
    expect(() => desktopStartArgs(['.', '--listener-port'])).toThrow('--listener-port needs a value');
  });
});
