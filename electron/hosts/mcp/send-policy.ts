import type { KeyChoice } from '../../../shared/contract/replay-drafts';
import { SANDBOX_KEY_ID } from '../../features/sandbox/listener-link';
import { parseTarget } from '../../services/net/target-policy';
import type { ContractClient } from '../kit/contract-client';

/**
 * What the user decided when they configured `hooklab mcp` (the agent's MCP configuration), not
 * what the agent asks for: the key the tools sign with and the URLs they may send to beyond the
 * configured targets.
 */
export interface McpSendOptions {
  /** HOOKLAB_WEBHOOK_KEY given to `hooklab mcp`, trimmed; null: sign with the sandbox store's key. */
  readonly webhookKey: string | null;
  /** `--allow-target URL`: more URLs the tools may send to. */
  readonly allowTargets: readonly string[];
}

/** The key a tool signs with, by label only. */
export interface McpKey {
  readonly choice: KeyChoice;
  readonly label: string;
}

/** The key and target rules every sending tool goes through. */
export interface McpSendPolicy {
  /** The key to sign with: HOOKLAB_WEBHOOK_KEY given at start, else the sandbox store's key. */
  key(): Promise<McpKey>;
  /** The target as a URL, or an Error saying it is not one the user configured. */
  requireTarget(raw: string): Promise<string>;
  /** Forgets the start key lent for this session at once (its end would too). */
  close(): Promise<void>;
}

export const MCP_KEY_LABEL = 'HOOKLAB_WEBHOOK_KEY of hooklab mcp';

const normalise = (raw: string): string | null => {
  const url = parseTarget(raw);
  return typeof url === 'string' ? null : url.href;
};

/**
 * An injected agent must neither mint signatures with the store's real key nor reach any local
 * service. So tools sign only with the key given to `hooklab mcp` itself or with the sandbox
 * store's key (never the data folder's current key, which may be production's), and send only
 * to the listener's forward targets, Replay's targets, Hooklab's own listener, or URLs given
 * with `--allow-target`; the core's own rules (loopback unless opted in) still apply after.
 */
export function createSendPolicy(client: ContractClient, options: McpSendOptions, session: () => Promise<string>): McpSendPolicy {
  // The start key reaches the core as a throwaway key (keys never cross the contract by value),
  // added on first use for this server's session: the core keeps it in memory only and forgets
  // it when the session ends, even when this process is killed. A new session (the app
  // restarted) gets it again.
  let startKey: { readonly session: string; readonly id: Promise<string> } | null = null;
  const lend = async (value: string): Promise<string> => {
    const current = await session();
    if (startKey?.session !== current) {
      const id = client.call('replay.addThrowawayKey', { label: MCP_KEY_LABEL, value, session: current }).then((r) => r.id);
      startKey = { session: current, id };
    }
    const lent = startKey;
    return lent.id.catch((error: unknown) => {
      if (startKey === lent) startKey = null; // tried again on the next use
      throw error;
    });
  };
  return {
    async key() {
      if (options.webhookKey !== null) return { choice: { kind: 'throwaway', id: await lend(options.webhookKey) }, label: MCP_KEY_LABEL };
      const sandbox = (await client.call('replay.keys', {})).keys.find((k) => k.kind === 'listener' && k.id === SANDBOX_KEY_ID && k.available);
      if (!sandbox) {
        throw new Error(
          "no key to sign with: hooklab mcp signs with the sandbox store's key (start the sandbox in Hooklab) or with HOOKLAB_WEBHOOK_KEY set in the agent's MCP configuration",
        );
      }
      return { choice: { kind: 'listener', id: SANDBOX_KEY_ID }, label: sandbox.label };
    },
    async requireTarget(raw) {
      const href = normalise(raw);
      if (href === null) throw new Error(`"${raw}" is not an http(s) URL`);
      const configured = (await client.call('replay.targets', {})).targets.filter((t) => t.refusal === null).map((t) => normalise(t.url));
      // Per-type routes (a project config's, as `listen` applied them) are forward targets too.
      const routes = Object.values((await client.call('settings.get', {})).settings.listener.forwardRoutes).flat();
      const allowed = new Set([...configured, ...routes.map(normalise), ...options.allowTargets.map(normalise)]);
      if (allowed.has(href)) return href;
      // Hooklab's own listener, on any path: what trigger_event sends to by default.
      const own = (await client.call('app.status', {})).listener.url;
      if (own && new URL(own).origin === new URL(href).origin) return href;
      throw new Error(
        `${href} is not a target you configured: the tools send only to the listener's forward targets, Replay's targets (add it in Hooklab → Replay → Targets), Hooklab's own listener, or a URL given to \`hooklab mcp --allow-target URL\``,
      );
    },
    async close() {
      if (!startKey) return;
      const id = await startKey.id.catch(() => null);
      if (id !== null) await client.call('replay.removeThrowawayKey', { id }).catch(() => undefined);
    },
  };
}
