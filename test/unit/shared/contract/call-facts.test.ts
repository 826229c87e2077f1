import { describe, expect, it } from 'vitest';
import { CALL_NAMES, calls } from '../../../../shared/contract';
import { toolAnnotations } from '../../../../electron/hosts/mcp/tool-definition';
import { hooklabTools } from '../../../../electron/hosts/mcp/server';

describe('per-call facts declared with the call', () => {
  it('large bodies: the Replay calls that carry the body being edited (the browser host kept this list before), a scenario file given whole (regression test, fuzz search, scenario run) and a file dropped to import', () => {
    expect(CALL_NAMES.filter((name) => calls[name].largeBody).sort()).toEqual(['flows.searchFailingOrder', 'live.import', 'replay.export', 'replay.open', 'replay.saveDraft', 'replay.send', 'replay.sign', 'scenario.regressionTest', 'scenario.run']);
  });

  it('no call is both read-only and destructive, and deleting calls say they are destructive', () => {
    expect(CALL_NAMES.filter((name) => calls[name].readOnly && calls[name].destructive)).toEqual([]);
    for (const name of ['live.clear', 'live.removeKey', 'replay.clearHistory', 'replay.deleteDraft', 'secrets.delete'] as const) {
      expect(calls[name].destructive, name).toBe(true);
    }
    expect(calls['live.list'].readOnly).toBe(true);
    expect(calls['replay.send'].readOnly).toBe(false);
  });

  it('MCP tells agents from the calls a tool makes: read-only when all are, destructive when one is', () => {
    expect(toolAnnotations({ calls: ['live.list'] })).toEqual({ readOnlyHint: true });
    expect(toolAnnotations({ calls: ['replay.open', 'replay.send'] })).toEqual({ readOnlyHint: false, destructiveHint: false });
    expect(toolAnnotations({ calls: ['live.get', 'live.clear'] })).toEqual({ readOnlyHint: false, destructiveHint: true });
  });

  it('every resend is destructive: the service delivers again on the active environment, possibly production, and nothing takes it back', () => {
    for (const name of ['history.resend', 'history.resendMany', 'history.resendPending', 'history.resendWhere', 'history.resendResume'] as const) {
      expect(calls[name].destructive, name).toBe(true);
    }
    const client = { call: async () => Promise.reject(new Error('not called')) };
    const policy = { key: async () => Promise.reject(new Error('not called')), requireTarget: async (u: string) => u, close: async () => undefined };
    const resend = hooklabTools(client, policy).find((t) => t.name === 'resend')!;
    expect(toolAnnotations(resend)).toEqual({ readOnlyHint: false, destructiveHint: true });
  });
});
