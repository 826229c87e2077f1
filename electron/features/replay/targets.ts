import type { ReplayDeps } from './deps';
import type { ReplayTarget } from '../../../shared/contract/replay-targets';
import { CallError } from '../../../shared/contract/errors';
import type { ReplaySettingsHome } from './replay-settings';
import { parseTarget, targetVerdict, type TargetVerdict } from '../../services/net/target-policy';

/**
 * Replay's targets: the listener's forward targets (Settings → Listener) and Replay's own list.
 * A non-loopback URL is allowed only when a Replay target with that URL was opted in. Replay's
 * own list is in the settings file (ReplaySettingsHome).
 */
export class ReplayTargets {
  constructor(
    private readonly ctx: ReplayDeps,
    private readonly own: ReplaySettingsHome,
  ) {}

  /** Opted in as a Replay target, or allowed as a forward target (the one target policy). */
  private optedIn(href: string): boolean {
    return (
      this.own.listTargets().some((t) => t.optedIn && normalise(t.url) === href) ||
      this.ctx.config.settings.get().listener.allowedTargets.some((u) => normalise(u) === href)
    );
  }

  verdict(raw: string): TargetVerdict {
    const url = parseTarget(raw);
    return targetVerdict(raw, typeof url !== 'string' && this.optedIn(url.href));
  }

  /** The verdict, or a CallError saying why no byte will leave for this URL. */
  require(raw: string): TargetVerdict {
    const v = this.verdict(raw);
    if (!v.allowed) throw new CallError('forbidden', `not sent: ${v.message}`);
    return v;
  }

  list(): ReplayTarget[] {
    const own = this.own.listTargets();
    const listener = this.ctx.config.settings
      .get()
      .listener.forwardTargets.filter((u) => !own.some((t) => normalise(t.url) === normalise(u)))
      .map((url): ReplayTarget => this.view({ id: null, source: 'listener', url, label: 'listener forward target', optedIn: false, reason: null }));
    return [
      ...listener,
      ...own.map((t) => this.view({ id: t.id, source: 'replay', url: t.url, label: t.label, optedIn: t.optedIn, reason: t.reason })),
    ];
  }

  private view(t: { id: number | null; source: 'listener' | 'replay'; url: string; label: string; optedIn: boolean; reason: string | null }): ReplayTarget {
    const v = this.verdict(t.url);
    return {
      id: t.id,
      source: t.source,
      url: t.url,
      label: t.label,
      loopback: v.loopback,
      optedIn: !v.loopback && t.optedIn,
      optInReason: v.loopback ? null : t.reason,
      refusal: v.allowed ? null : v.message,
    };
  }

  add(input: { url: string; label: string; allowNonLoopback: boolean; reason: string }): ReplayTarget {
    const url = parseTarget(input.url);
    if (typeof url === 'string') throw new CallError('invalid-args', url);
    const loopback = targetVerdict(url.href, false).loopback;
    if (!loopback && !input.allowNonLoopback) {
      throw new CallError('forbidden', targetVerdict(url.href, false).message);
    }
    if (!loopback && input.reason.trim() === '') {
      throw new CallError('invalid-args', `say why replays should go to ${url.host} (it is not on this machine); the reason is shown with the target`);
    }
    const stored = this.own.upsertTarget(
      { url: url.href, label: input.label, optedIn: !loopback, reason: loopback ? null : input.reason.trim() },
      new Date(this.ctx.runtime.clock.now()).toISOString(),
    );
    return this.view({ id: stored.id, source: 'replay', url: stored.url, label: stored.label, optedIn: stored.optedIn, reason: stored.reason });
  }

  remove(id: number): void {
    if (!this.own.removeTarget(id)) throw new CallError('not-found', `no Replay target ${id}`);
  }
}

function normalise(raw: string): string {
  const url = parseTarget(raw);
  return typeof url === 'string' ? raw : url.href;
}
