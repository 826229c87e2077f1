import { describe, expect, it } from 'vitest';
import { planForwardAllowance } from '../../../../../../electron/hosts/kit/run-options/forward-allowance';

const LOCAL = 'http://127.0.0.1:3000/webhooks';
const REMOTE = 'https://hooks.example.com/in';
const SAVED = 'https://staging.example.com/in';

describe('planForwardAllowance', () => {
  it('loopback needs nothing', () => {
    expect(planForwardAllowance({ requested: [LOCAL], saved: [LOCAL], allowed: [], allowNonLoopback: false })).toEqual({ refused: [], allow: [], idle: [] });
  });

  it('a requested target off this machine is refused without the flag, allowed with it; saved ones go idle or are allowed', () => {
    expect(planForwardAllowance({ requested: [REMOTE, LOCAL], saved: [SAVED], allowed: [], allowNonLoopback: false })).toEqual({ refused: [REMOTE], allow: [], idle: [SAVED] });
    expect(planForwardAllowance({ requested: [REMOTE], saved: [SAVED], allowed: [], allowNonLoopback: true })).toEqual({ refused: [], allow: [REMOTE, SAVED], idle: [] });
  });

  it('what the user allowed earlier (in the app or with the flag) stays allowed, compared as URLs', () => {
    expect(planForwardAllowance({ requested: ['HTTPS://Hooks.Example.com:443/in'], saved: [], allowed: [REMOTE], allowNonLoopback: false })).toEqual({ refused: [], allow: [], idle: [] });
  });
});
