import { describe, expect, it } from 'vitest';
import { desktopStartArgs } from '../../../../../electron/hosts/desktop/start-args';
import { START_ARGS_ENV } from '../../../../../electron/hosts/kit/run-options/run-options';

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

  it("has nothing to apply when none is given; Chromium's --no-sandbox on the argv stays Chromium's", () => {
    const args = desktopStartArgs(['/opt/Hooklab/hooklab', '--no-sandbox']);
    expect(args.value('ui-port')).toBeUndefined();
    expect(args.value('data-dir')).toBeUndefined();
    expect(args.flag('save')).toBe(false);
    expect(args.flag('no-sandbox')).toBe(false);
  });

  it("takes serve's other options too (--sandbox-port, --otlp-port, --forward-to)", () => {
    const args = desktopStartArgs(['.', '--sandbox-port', '5001', '--otlp-port=5002', '--forward-to', 'http://localhost:3000/hooks']);
    expect(args.value('sandbox-port')).toBe('5001');
    expect(args.value('otlp-port')).toBe('5002');
    expect(args.values('forward-to')).toEqual(['http://localhost:3000/hooks']);
  });

  it('reads what npm start hands over whole, --no-sandbox included, and ignores the argv then', () => {
    const env = { [START_ARGS_ENV]: JSON.stringify(['--no-sandbox', '--otlp-port', '0', '--no-tracing']) };
    const args = desktopStartArgs(['.', '--ui-port', '5173'], env);
    expect(args.flag('no-sandbox')).toBe(true);
    expect(args.flag('no-tracing')).toBe(true);
    expect(args.value('otlp-port')).toBe('0');
    expect(args.value('ui-port')).toBeUndefined();
  });

  it('refuses an option without its value', () => {
    expect(() => desktopStartArgs(['.', '--port'])).toThrow('--port needs a value');
    expect(() => desktopStartArgs(['.', '--listener-port'])).toThrow('--listener-port needs a value');
  });
});
