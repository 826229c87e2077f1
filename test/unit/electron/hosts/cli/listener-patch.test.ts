import { describe, expect, it } from 'vitest';
import { listenerPatch } from '../../../../../electron/hosts/cli/commands/listen';
import { ProjectConfigSchema } from '../../../../../shared/project-config/schema';

const flags = (values: Record<string, string[]> = {}) => ({ value: (n: string) => values[n]?.at(-1), values: (n: string) => values[n] ?? [] });
const config = (raw: object) => ({ path: '/repo/hooklab.config.json', config: ProjectConfigSchema.parse(raw) });

describe("listen's listener settings", () => {
  it("takes the config's port, '*' targets and per-type routes", () => {
    expect(listenerPatch(flags(), config({ listener: { port: 4800 }, routes: { '*': 'http://a/', SuccessPayment: ['http://p/'] } }))).toEqual({
      port: 4800,
      forwardTargets: ['http://a/'],
      forwardRoutes: { SuccessPayment: ['http://p/'] },
    });
  });

  it("keeps the forward targets set in the app when the config has no '*' route", () => {
    expect(listenerPatch(flags(), config({ routes: { Created: 'http://c/' } }))).toEqual({ forwardRoutes: { Created: ['http://c/'] } });
  });

  it('lets --forward-to and --listener-port replace the config, per-type routes included', () => {
    expect(listenerPatch(flags({ 'forward-to': ['http://x/'], 'listener-port': ['0'] }), config({ listener: { port: 4800 }, routes: { Created: 'http://c/' } }))).toEqual({
      port: 0,
      forwardTargets: ['http://x/'],
      forwardRoutes: {},
    });
  });

  it('clears per-type routes an earlier run left when no config gives them, and refuses a bad --forward-to', () => {
    expect(listenerPatch(flags(), null)).toEqual({ forwardRoutes: {} });
    expect(() => listenerPatch(flags({ 'forward-to': ['ftp://x'] }), null)).toThrow(/not an http\(s\) URL/);
  });
});
