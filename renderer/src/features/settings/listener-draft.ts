import {
  ListenerSettingsSchema,
  type ListenerSettings as Listener,
} from '../../../../shared/settings';

/** What the Listener card edits (keys have their own calls). */
export type ListenerDraft = Pick<
  Listener,
  | 'port'
  | 'bodyLimitBytes'
  | 'headersTimeoutMs'
  | 'requestTimeoutMs'
  | 'idleTimeoutMs'
  | 'maxConnections'
  | 'retainDeliveries'
  | 'retainBytes'
  | 'forwardTargets'
  | 'passThrough'
  | 'answer'
  | 'rules'
>;

export const MIB = 1024 * 1024;

/** The core's own rules for those fields, to say each mistake next to its field before saving. */
export const ListenerDraftSchema = ListenerSettingsSchema.pick({
  port: true,
  bodyLimitBytes: true,
  headersTimeoutMs: true,
  requestTimeoutMs: true,
  idleTimeoutMs: true,
  maxConnections: true,
  retainDeliveries: true,
  retainBytes: true,
  forwardTargets: true,
  passThrough: true,
  answer: true,
  rules: true,
});
