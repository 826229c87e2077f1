import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Feature } from '../../../../electron/services/kernel/feature';
import type { Logger } from '../../../../electron/services/kernel/logger';
import { coresOnFreshFolders } from '../../../support/core-on-fresh-folder';

// Every database the core opens is counted, and so is each close: a refused core must let go of
// what it opened (the folder's file and its checkpoint worker).
const opened = vi.hoisted(() => ({ count: 0, closed: 0 }));
vi.mock('../../../../electron/services/data/app-database', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../electron/services/data/app-database')>();
  return {
    ...real,
    openAppDatabase(path: string) {
      const database = real.openAppDatabase(path);
      opened.count += 1;
      return {
        ...database,
        close() {
          opened.closed += 1;
          return database.close();
        },
      };
    },
  };
});

describe('a core that refuses to start', () => {
  const freshCore = coresOnFreshFolders('hooklab-refusal-');
  afterEach(() => {
    opened.count = 0;
    opened.closed = 0;
  });

  const coreWith = (features: () => Feature[], requireAllHandlers = false, log?: Logger) =>
    freshCore({ features, requireAllHandlers, ...(log ? { log } : {}) });

  it('closes its database when a call would have no handler', () => {
    expect(() => coreWith(() => [], true)).toThrow(/contract calls without a handler/);
    expect(opened).toEqual({ count: 1, closed: 1 });
  });

  it('closes its database when a feature cannot be built', () => {
    expect(() =>
      coreWith(() => {
        throw new Error('the replay feature could not read its settings');
      }),
    ).toThrow(/could not read its settings/);
    expect(opened).toEqual({ count: 1, closed: 1 });
  });

  it('logs a follower that throws, with the event name, and still tells the others', async () => {
    const errors: string[] = [];
    const log: Logger = { info: () => {}, warn: () => {}, error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields)}`) };
    const core = coreWith(() => [], false, log);
    const heard: string[] = [];
    core.ctx.runtime.bus.on('live.cleared', () => {
      throw new Error('socket closed');
    });
    core.ctx.runtime.bus.on('live.cleared', () => heard.push('second'));
    core.ctx.runtime.bus.emit('live.cleared', {} as never);
    expect(heard).toEqual(['second']);
    expect(errors).toEqual(['a follower of live.cleared failed {"message":"socket closed"}']);
    await core.stop();
  });
});
