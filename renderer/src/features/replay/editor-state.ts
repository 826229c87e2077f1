import type { Draft, DraftOrigin, HeadersSpec, ReplayRequestSpec, SignPreview } from '../../../../shared/contract/replay-drafts';
import type { ReplayDetail } from '../../../../shared/contract/replay';
import { DEFAULT_REPLAY_METHOD } from '../../../../shared/contract/replay-drafts';
import { SERVICE_WEBHOOK_USER_AGENT } from '../../../../shared/service/webhooks';

export interface SendOptions {
  readonly times: number;
  readonly mode: 'sequential' | 'concurrent';
  readonly intervalMs: number;
}

export interface EditorState {
  /** What was opened or saved last: its id (null until saved), origin and warnings. */
  readonly draft: Draft | null;
  readonly opening: boolean;
  readonly openError: string | null;
  /** Bumped whenever the body is replaced from outside the editor (open, revert). */
  readonly docVersion: number;
  readonly name: string;
  /** The request being edited, whole (method, body, headers, key, tamper), as the core takes it. */
  readonly request: ReplayRequestSpec;
  readonly targetUrl: string | null;
  /** The docVersion whose target was preselected (once per opened draft, never over a choice). */
  readonly targetPreselectedFor: number;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly saveError: string | null;
  readonly preview: SignPreview | null;
  readonly previewError: string | null;
  /** The preview shown is for an older text (a newer one is being signed). */
  readonly previewStale: boolean;
  readonly sendOptions: SendOptions;
  readonly sending: boolean;
  /** The job of a send of more than one (its progress and Cancel), while it runs. */
  readonly sendJobId: string | null;
  readonly sendError: string | null;
  readonly lastSent: readonly ReplayDetail[];
}

export const DEFAULT_HEADERS: HeadersSpec = {
  eventId: { mode: 'keep' },
  eventCreated: { mode: 'keep' },
  contentType: 'application/json',
  userAgent: SERVICE_WEBHOOK_USER_AGENT,
  extra: [],
  removed: [],
};

/** An empty editor (nothing opened yet). */
export const INITIAL_EDITOR: EditorState = {
  draft: null,
  opening: false,
  openError: null,
  docVersion: 0,
  name: '',
  request: { method: DEFAULT_REPLAY_METHOD, body: { kind: 'text', text: '' }, headers: DEFAULT_HEADERS, key: { kind: 'current' }, tamper: 'none' },
  targetUrl: null,
  targetPreselectedFor: -1,
  dirty: false,
  saving: false,
  saveError: null,
  preview: null,
  previewError: null,
  previewStale: false,
  sendOptions: { times: 1, mode: 'sequential', intervalMs: 0 },
  sending: false,
  sendJobId: null,
  sendError: null,
  lastSent: [],
};

/** Where the draft being edited came from (a delivery, a replay, a template…), when known. */
export function originOf(s: EditorState): DraftOrigin | undefined {
  return s.draft?.origin;
}
