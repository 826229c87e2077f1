/** Holds a data folder's instance lock until killed: prints "held <pid>" or "refused <message>". */
import { acquireInstanceLock, InstanceLockedError } from '../../../../../electron/services/instance/instance-lock';

try {
  acquireInstanceLock(process.argv[2]!, { kind: 'listen', url: 'http://127.0.0.1:9' });
  console.log(`held ${process.pid}`);
  setInterval(() => {}, 60_000);
} catch (error) {
  if (!(error instanceof InstanceLockedError)) throw error;
  console.log(`refused ${error.message}`);
}
