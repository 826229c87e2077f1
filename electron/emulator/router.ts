import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, genericError, sendJson, serverProblem } from './http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The request target exactly as received (before any decoding). */
  rawUrl: string;
  /** Decoded path parameters, in pattern order. */
  params: string[];
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

/**
 * A small method + path router over node:http. Paths match case-insensitively, as ASP.NET
 * routes of the real service do. `:name` segments capture one path segment.
 */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: Handler): this {
    const source = path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '([^/]+)' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`, 'i'), handler });
    return this;
  }

  /** Dispatches a request; every failure becomes a JSON answer, never a crash. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    try {
      // Prefixing (rather than resolving against a base) keeps a target like `//x/y` a path.
      const url = new URL(`http://sandbox.local${rawUrl.startsWith('/') ? '' : '/'}${rawUrl}`);
      let pathMatched = false;
      for (const r of this.routes) {
        const m = r.pattern.exec(url.pathname);
        if (!m) continue;
        pathMatched = true;
        if (r.method !== req.method) continue;
        const params = m.slice(1).map(decodeParam);
        await r.handler({ req, res, url, rawUrl, params });
        return;
      }
      throw pathMatched ? genericError(405, `${req.method} is not allowed here`) : genericError(404, 'no such endpoint');
    } catch (err) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof HttpError) sendJson(res, err.status, err.body);
      else {
        console.error('[sandbox] unexpected error', err);
        const p = serverProblem();
        sendJson(res, p.status, p.body);
      }
    }
  }
}

function decodeParam(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    throw genericError(400, `malformed path segment '${p}'`);
  }
}
