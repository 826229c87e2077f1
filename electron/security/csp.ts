/**
 * The renderer's Content Security Policy, sent by both hosts. Scripts only from our own origin;
 * Monaco needs inline styles and blob: workers; 'self' in connect-src also covers the browser
 * host's same-origin WebSocket.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
