import type { SignatureVerdict } from './diagnose';

/**
 * The header `hooklab mcp` puts on every request it sends for an agent (trigger_event,
 * replay_delivery). Hooklab signs those itself, with the sandbox's key or the one given to
 * `hooklab mcp`, so their signature says nothing about who chose the body: the listener never
 * counts such a delivery as verified (else Sequences would show an agent's order as PAID). A
 * sender adding the header only lowers its own delivery's standing.
 */
export const AGENT_SENT_HEADER = 'X-Hooklab-Sent-By';
export const AGENT_SENT_VALUE = 'agent (hooklab mcp)';

/** What the listener says of a delivery carrying AGENT_SENT_HEADER, whatever its signature. */
export const AGENT_SENT_VERDICT: SignatureVerdict = {
  outcome: 'unverifiable',
  keyId: null,
  diagnosis: {
    kind: 'sent-by-agent',
    message:
      'Sent by a coding agent through hooklab mcp, signed by Hooklab for it: the signature proves nothing about who wrote the body, so it is never counted as verified.',
  },
};
