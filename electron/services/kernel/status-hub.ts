import type { AppStatus } from '../../../shared/contract/status';
import type { EventBus } from './event-bus';

type Part = Exclude<keyof AppStatus, 'host'>;

/**
 * Holds the status bar's truth. Services report their own part; every change is pushed as one
 * `app.status` event, coalesced to at most one per tick so a burst of updates is one message.
 */
export class StatusHub {
  private scheduled = false;

  constructor(
    private status: AppStatus,
    private readonly bus: EventBus,
  ) {}

  get(): AppStatus {
    return this.status;
  }

  update<P extends Part>(part: P, patch: Partial<AppStatus[P]>): void {
    this.status = { ...this.status, [part]: { ...this.status[part], ...patch } };
    this.schedule();
  }

  updateHost(patch: Partial<AppStatus['host']>): void {
    this.status = { ...this.status, host: { ...this.status.host, ...patch } };
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.bus.emit('app.status', this.status);
    });
  }
}

export function initialStatus(host: AppStatus['host']): AppStatus {
  return {
    host,
    listener: {
      state: 'stopped',
      port: null,
      url: null,
      error: null,
      received: 0,
      portError: null,
      stored: 0,
      storedBytes: 0,
      retainDeliveries: 0,
      retainBytes: 0,
      removedByRetention: 0,
      probesAnswered: 0,
    },
    tunnel: {
      state: 'disabled',
      publicUrl: null,
      error: null,
      urlChanged: false,
      reconnectAttempt: 0,
      probe: { reachable: null, checkedAt: null, latencyMs: null, error: null, unreachableSince: null, reach: null, answeredByAnother: 0 },
      notice: null,
    },
    poller: {
      state: 'disabled',
      environmentId: null,
      lastPollAt: null,
      fetched: 0,
      cursor: null,
      error: null,
      nextPollAt: null,
    },
    sandbox: { state: 'off', baseUrl: null, error: null },
    tracing: { endpoint: null, spans: 0, dropped: 0 },
  };
}
