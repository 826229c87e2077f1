import type { HostCapabilities } from '../../../services/kernel/host-capabilities';
import { terminalSafe } from '../framework/terminal-text';

/** `serve` and `listen` show a notification as one line on stderr (there is nothing to click). */
export function stderrNotify(write: (text: string) => void = (text) => process.stderr.write(text)): NonNullable<HostCapabilities['notify']> {
  return (notice) => {
    const more = notice.heldBack > 0 ? ` (+${notice.heldBack} more)` : '';
    write(`notice: ${terminalSafe(notice.title, 200)}: ${terminalSafe(notice.body, 400)}${more}\n`);
  };
}
