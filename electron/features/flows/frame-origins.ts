import type { Connection } from '../../services/environments/environments';

/** An http(s) URL's origin, or null for anything else (never a value that could break a CSP). */
export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Which origin serves each environment's 3-D Secure page. The sandbox serves it at its base URL
 * (`{base_url}/3ds/challenge/{id}`); a live service may host it elsewhere, so the origin of the
 * `authentication.url` the service last answered for that environment wins once seen.
 */
export class FrameOrigins {
  private readonly learned = new Map<string, string>();

  /** Remembers the origin of an authentication URL the environment answered; true when it changed. */
  learn(connection: Connection, authenticationUrl: string): boolean {
    const origin = httpOrigin(authenticationUrl);
    if (!origin || origin === this.for(connection)) return false;
    this.learned.set(connection.id, origin);
    return true;
  }

  for(connection: Connection | null): string | null {
    if (!connection) return null;
    return this.learned.get(connection.id) ?? httpOrigin(connection.baseUrl);
  }
}
