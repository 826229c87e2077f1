import { describe, expect, it } from 'vitest';
import { parseOptions, portOption, type OptionSpec } from '../../../../../electron/hosts/kit/options';

const OPTIONS: OptionSpec[] = [
  { name: 'listener-port', formerly: 'port', value: 'N', help: '' },
  { name: 'forward-to', value: 'URL', repeatable: true, help: '' },
  { name: 'tunnel', help: '' },
  { name: 'output', short: 'o', value: 'FILE', help: '' },
];

describe("the CLI's one parser", () => {
  it('reads values, repeated values, flags, short options and positional words', () => {
    const args = parseOptions(OPTIONS, ['URL', '--listener-port', '5', '--forward-to=http://a/', '--forward-to', 'http://b/', '--tunnel', '-o', 'f.json', '-']);
    expect(args.positional).toEqual(['URL', '-']);
    expect(args.value('listener-port')).toBe('5');
    expect(args.values('forward-to')).toEqual(['http://a/', 'http://b/']);
    expect(args.flag('tunnel')).toBe(true);
    expect(args.value('output')).toBe('f.json');
    expect(args.notices).toEqual([]);
  });

  it('takes an older spelling under the new name and says so once', () => {
    const args = parseOptions(OPTIONS, ['--port=7']);
    expect(args.value('listener-port')).toBe('7');
    expect(args.value('port')).toBeUndefined();
    expect(args.notices).toEqual(['--port is now --listener-port (the old spelling still works)']);
  });

  it('refuses unknown options, missing values, a value on a flag, and a single option given twice', () => {
    expect(() => parseOptions(OPTIONS, ['--nope'])).toThrow('unknown option --nope');
    expect(() => parseOptions(OPTIONS, ['--listener-port'])).toThrow('--listener-port needs a value (N)');
    expect(() => parseOptions(OPTIONS, ['--tunnel=yes'])).toThrow('--tunnel takes no value');
    expect(() => parseOptions(OPTIONS, ['--port', '1', '--listener-port', '2'])).toThrow('--listener-port is given twice');
  });

  it('lets the later of two values win where the command says so (serve: defaults first, then what the run asks)', () => {
    const args = parseOptions(OPTIONS, ['--listener-port', '0', '--forward-to', 'http://a/', '--port', '5', '--forward-to', 'http://b/'], { laterWins: true });
    expect(args.value('listener-port')).toBe('5');
    expect(args.values('listener-port')).toEqual(['5']);
    expect(args.values('forward-to')).toEqual(['http://a/', 'http://b/']);
  });

  it('reads a port 0-65535 and refuses anything else', () => {
    expect(portOption(parseOptions(OPTIONS, ['--listener-port', '0']), 'listener-port')).toBe(0);
    expect(portOption(parseOptions(OPTIONS, []), 'listener-port')).toBeUndefined();
    for (const bad of ['70000', '-1', '1.5', 'x', ''])
      expect(() => portOption(parseOptions(OPTIONS, [`--listener-port=${bad}`]), 'listener-port')).toThrow('--listener-port must be a port number 0-65535');
  });
});
