import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../../../shared/contract';
import { TransportError } from '../../../../../renderer/src/transport/transport';
import { createStatusStore } from '../../../../../renderer/src/app-state/create-status-store';
import { createFakeTransport } from '../../support/fake-transport';

const status = (dataDir: string, state = 'listening') => ({ host: { dataDir }, listener: { state } }) as unknown as AppStatus;

/** Lets the store's pending calls answer (the fake answers in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createStatusStore', () => {
  it('reads the status, takes every app.status event, says ready, and stops when unfollowed', async () => {
    const transport = createFakeTransport();
    transport.answer('app.status', () => status('/data'));
    let ready = 0;
    const store = createStatusStore(transport, { onReady: () => ready++ });
    const unfollow = store.follow();
    await settle();
    expect(store.getState()).toMatchObject({ status: status('/data'), error: null, noAccess: null });
    transport.emit('app.status', status('/data', 'stopped'));
    expect(store.getState().status).toEqual(status('/data', 'stopped'));
    expect(ready).toBe(2);
    unfollow();
    expect(transport.listeners()).toBe(0);
    transport.emit('app.status', status('/data', 'listening'));
    expect(store.getState().status).toEqual(status('/data', 'stopped'));
  });

  it('reads again after a reconnect, and says an unreachable host and a refused token apart', async () => {
    const transport = createFakeTransport();
    const answers: Array<() => AppStatus> = [
      () => {
        throw new TransportError('network', 'fetch failed');
      },
      () => {
        throw new TransportError('forbidden', 'wrong token');
      },
      () => status('/data'),
    ];
    transport.answer('app.status', () => answers.shift()!());
    const store = createStatusStore(transport);
    const unfollow = store.follow();
    await settle();
    expect(store.getState().error).toBe('Host unreachable: fetch failed');
    transport.reconnect();
    await settle();
    expect(store.getState().error).toBe('No access: wrong token');
    transport.reconnect();
    await settle();
    expect(store.getState()).toMatchObject({ error: null, status: status('/data') });
    unfollow();
  });

  it('shows only "no access" when the host refuses the token or now runs on another data folder', async () => {
    const transport = createFakeTransport();
    transport.answer('app.status', () => status('/data'));
    const store = createStatusStore(transport);
    const unfollow = store.follow();
    await settle();
    transport.emit('app.status', status('/other'));
    expect(store.getState()).toMatchObject({ status: null });
    expect(store.getState().noAccess).toContain('/other');

    transport.deny('this tab’s token was rotated');
    expect(store.getState()).toMatchObject({ status: null, noAccess: 'this tab’s token was rotated', error: 'No access: this tab’s token was rotated' });
    unfollow();
  });
});
