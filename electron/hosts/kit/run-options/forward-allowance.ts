import type { ListenerSettings } from '../../../../shared/settings';
import { unallowedTargets } from '../../../services/net/target-policy';

/** What a start of `listen` or `serve` does about forward targets off this machine. */
export interface ForwardAllowance {
  /** Targets this start asks for (command line or config) that are not allowed: refuse to start. */
  readonly refused: string[];
  /** Targets to add to settings.listener.allowedTargets (for this run, or saved with --save). */
  readonly allow: string[];
  /** Saved targets that stay unallowed: deliveries are not forwarded there (said at start). */
  readonly idle: string[];
}

/**
 * The forwarding side of the one target policy: loopback, or allowed by the user (the
 * `--allow-non-loopback` of this start, or earlier in the app or on a command line). A config
 * file, or a target an earlier start saved without the flag, allows nothing.
 */
export function planForwardAllowance(input: {
  readonly requested: readonly string[];
  readonly saved: readonly string[];
  readonly allowed: readonly string[];
  readonly allowNonLoopback: boolean;
}): ForwardAllowance {
  const requested = unallowedTargets(input.requested, input.allowed);
  const saved = unallowedTargets(input.saved, input.allowed).filter((u) => !requested.includes(u));
  if (input.allowNonLoopback) return { refused: [], allow: [...requested, ...saved], idle: [] };
  return { refused: requested, allow: [], idle: saved };
}

/** Every URL of the general targets and the per-type routes. */
export function forwardUrls(listener: Partial<Pick<ListenerSettings, 'forwardTargets' | 'forwardRoutes'>>): string[] {
  return [...(listener.forwardTargets ?? []), ...Object.values(listener.forwardRoutes ?? {}).flat()];
}

/** The refusal: which targets, where they came from, and how to allow them. */
export function refusalMessage(refused: readonly string[], source: string): string {
  const list = refused.join(', ');
  return (
    `${source} forwards real webhooks to ${list}, not on this machine. ` +
    'Pass --allow-non-loopback to allow it (for this run; with --save for later starts too), or add it in the app’s Settings → Listener.'
  );
}

/** The line said at start for saved targets that get nothing. */
export function idleMessage(idle: readonly string[]): string {
  return `not forwarding to ${idle.join(', ')}: not on this machine and not allowed (start with --allow-non-loopback, or add it in Settings → Listener)`;
}
