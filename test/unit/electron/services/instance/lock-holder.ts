import { acquireInstanceLock } from '../../../../../electron/services/instance/instance-lock';

/** Holds a data folder's lock in a process of its own (argv: folder), checking its file every 20 ms, until killed. */
const lock = acquireInstanceLock(process.argv[2]!, { kind: 'serve', watchEveryMs: 20, onLost: (message) => process.stdout.write(`lost: ${message}\n`) });
process.stdout.write(`held ${lock.info().pid}\n`);
setInterval(() => {}, 60_000);
