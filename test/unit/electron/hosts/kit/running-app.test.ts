import { describe, expect, it } from 'vitest';
import { runningAppOn } from '../../../../../electron/hosts/kit/running-app';
import { InputError } from '../../../../../electron/hosts/kit/input-error';
import { acquireInstanceLock } from '../../../../../electron/services/instance/instance-lock';
import { tempDirs } from '../../../../support/temp-dirs';

const tempDir = tempDirs('hooklab-running-app-');

describe('runningAppOn: the running app, else the folder (every host that may not hold it)', () => {
  it('is null on a folder nobody holds: the host opens it itself', () => {
    expect(runningAppOn(tempDir())).toBeNull();
  });

  it('names a holder without a local API yet in one InputError, instead of opening the database beside it', () => {
    const dir = tempDir();
    const lock = acquireInstanceLock(dir, { kind: 'serve' });
    try {
      let thrown: unknown;
      try {
        runningAppOn(dir);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InputError);
      expect((thrown as Error).message).toMatch(new RegExp(`^the data folder ${dir} is held by .*serve.*pid ${process.pid}.*without a local API: try again once it has started$`));
    } finally {
      lock.release();
    }
  });

  it('gives a client for the holder with a local API, naming who answers', () => {
    const dir = tempDir();
    const lock = acquireInstanceLock(dir, { kind: 'listen', url: 'http://127.0.0.1:9' });
    try {
      const client = runningAppOn(dir);
      expect(client?.instance).toMatchObject({ kind: 'listen', pid: process.pid, url: 'http://127.0.0.1:9' });
      client?.close();
    } finally {
      lock.release();
    }
  });
});
