import type { Core } from '../../core/core';

/**
 * The renderer's Content Security Policy, sent by both hosts with index.html. Scripts only from
 * our own origin; Monaco needs inline styles and blob: workers; 'self' in connect-src also
 * covers the browser host's same-origin WebSocket. `frame-src` admits exactly one origin: the
 * active environment's 3-D Secure page (the flow runner embeds `authentication.url`), or none.
 */
export function rendererCsp(frameOrigin: string | null): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "worker-src 'self' blob:",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-src ${frameOrigin && isPlainOrigin(frameOrigin) ? frameOrigin : "'none'"}`,
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Only `scheme://host[:port]`: anything else (a path, a space, a `;`) could widen the policy. */
function isPlainOrigin(origin: string): boolean {
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin) || /^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(origin);
}

/**
 * The policy for the page served now: the frame origin is read per request from the flow
 * runner (`flows.info`), so switching environment and reloading admits the new one only.
 */
export async function rendererCspFor(core: Core): Promise<string> {
  const answer = await core.invoke('flows.info', {});
  const origin = answer.ok ? (answer.value as { frameOrigin: string | null }).frameOrigin : null;
  return rendererCsp(origin);
}
