import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../../../shared/contract';
import { createSettingsViewStore } from '../../../../../renderer/src/app-state/create-settings-view-store';
import { createFakeTransport } from '../../support/fake-transport';

const view = (theme: string) => ({ settings: { theme }, secretsSet: [] }) as unknown as SettingsView;

/** Lets the store's pending calls answer (the fake answers in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createSettingsViewStore', () => {
  it('reads the settings, takes every change, and stops when unfollowed', async () => {
    const transport = createFakeTransport();
    transport.answer('settings.get', () => view('light'));
    const store = createSettingsViewStore(transport);
    expect(store.getState().view).toBeNull();
    const unfollow = store.follow();
    await settle();
    expect(store.getState().view).toEqual(view('light'));
    transport.emit('settings.changed', view('dark'));
    expect(store.getState().view).toEqual(view('dark'));
    unfollow();
    expect(transport.listeners()).toBe(0);
    transport.emit('settings.changed', view('system'));
    expect(store.getState().view).toEqual(view('dark'));
  });

  it('keeps a change over the answer to an older read, and drops an answer that comes after unfollowing', async () => {
    const transport = createFakeTransport();
    const answers: Array<() => void> = [];
    transport.answer('settings.get', () => new Promise((resolve) => answers.push(() => resolve(view('light')))));
    const store = createSettingsViewStore(transport);
    const unfollow = store.follow();
    transport.emit('settings.changed', view('dark'));
    answers.shift()!();
    await settle();
    expect(store.getState().view).toEqual(view('dark'));
    unfollow();

    const again = createSettingsViewStore(transport);
    again.follow()();
    answers.shift()!();
    await settle();
    expect(again.getState().view).toBeNull();
  });
});
