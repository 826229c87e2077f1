/** `20971521` -> `20,971,521`: digits grouped the same on every machine (no locale). */
export function groupedDigits(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An exact byte count with its size for people: `20,971,521 bytes (20.0 MiB)`, `1 byte`. */
export function exactBytes(n: number): string {
  const count = `${groupedDigits(n)} ${n === 1 ? 'byte' : 'bytes'}`;
  if (n < 1024) return count;
  const [unit, size] = n >= 1024 ** 3 ? ['GiB', n / 1024 ** 3] : n >= 1024 ** 2 ? ['MiB', n / 1024 ** 2] : ['KiB', n / 1024];
  return `${count} (${Number.isInteger(size) ? size : size.toFixed(1)} ${unit})`;
}

/**
 * Why a body is refused by a cap, in exact bytes: rounding both to megabytes said "20.00 MB,
 * over the cap of 20 MB" for a body one byte over.
 */
export function overCapMessage(what: string, size: number, cap: number, capName = 'cap'): string {
  return `${what} is ${exactBytes(size)}, ${exactBytes(size - cap).replace(/ \(.*\)$/, '')} over the ${capName} of ${exactBytes(cap)}`;
}

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A byte size for people: "812 B", "4.0 KiB", "1.1 MiB", "1.2 GiB" (powers of 1,024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}
