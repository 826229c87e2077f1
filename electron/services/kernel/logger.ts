/**
 * Minimal structured logger. Services never pass secrets to it; `redact` is a second line of
 * defence for values that might embed one (URLs with credentials, bearer headers).
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const SECRET_PATTERN = /(bearer\s+)[^\s"']+/gi;

export function redact(text: string): string {
  return text.replace(SECRET_PATTERN, '$1[redacted]');
}

export function createConsoleLogger(write: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    write(redact(`[hooklab] ${level} ${message}${fields ? ' ' + JSON.stringify(fields) : ''}`));
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
