/**
 * Starts a server on the port the user chose, or, when another program holds it, on a free one
 * instead (a local tool is better running elsewhere than not at all), calling `onTaken` so the
 * host says so. Port 0 means "any free port" already.
 */
export async function startOnPreferredPort<T>(port: number, start: (port: number) => Promise<T>, onTaken: (port: number) => void): Promise<T> {
  try {
    return await start(port);
  } catch (error) {
    if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    onTaken(port);
    return start(0);
  }
}
