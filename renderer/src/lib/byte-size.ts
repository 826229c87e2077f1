/** A byte count for people: MiB with one decimal under a GiB, GiB above (status bar, retention). */
export function byteSize(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}
