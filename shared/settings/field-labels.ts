import type { FieldLabels } from '../validation/field-errors';

/**
 * How each settings field is named in an error sentence (see shared/validation/field-errors.ts),
 * by its path in the settings, so every form says "Forward target 1 is not a valid URL" the
 * same way. A form validating one section passes that section's paths (`section: 'listener'`).
 */
export const SETTINGS_FIELD_LABELS: FieldLabels = {
  'listener.port': { name: 'The listener port' },
  'listener.bodyLimitBytes': { name: 'The body limit' },
  'listener.headersTimeoutMs': { name: 'The headers timeout' },
  'listener.requestTimeoutMs': { name: 'The request timeout' },
  'listener.idleTimeoutMs': { name: 'The idle timeout' },
  'listener.maxConnections': { name: 'The connection cap' },
  'listener.retainDeliveries': { name: 'The number of deliveries kept' },
  'listener.retainBytes': { name: 'The size kept' },
  'listener.forwardTargets.*': { name: (i) => `Forward target ${i + 1}` },
  'listener.answer.status': { name: 'The answer status' },
  'listener.answer.delayMs': { name: 'The answer delay' },
  'listener.answer.body': { name: 'The answer body' },
  'listener.rules.*.firstAttempts': { name: (i) => `Rule ${i + 1}'s attempt count` },
  'listener.rules.*.answer.status': { name: (i) => `Rule ${i + 1}'s status` },
  'listener.rules.*.answer.delayMs': { name: (i) => `Rule ${i + 1}'s delay` },
  'tunnel.host': { name: 'The tunnel server' },
  'tunnel.subdomain': { name: 'The subdomain', format: 'must be 4 to 63 lowercase letters, digits or dashes' },
  'tunnel.ownPublicUrl': { name: 'Your own public URL' },
  'tunnel.hosts.*': { name: (i) => `Tunnel server ${i + 1}` },
  'tunnel.probeIntervalSeconds': { name: 'The probe interval', format: 'must be at least 5 seconds' },
  'environments.live.*.id': { name: (i) => `Environment ${i + 1}'s id`, format: 'must be 1 to 40 lowercase letters, digits or dashes' },
  'environments.live.*.name': { name: (i) => `Environment ${i + 1}'s name` },
  'environments.live.*.baseUrl': { name: (i) => `Environment ${i + 1}'s base URL` },
  'environments.live.*.apiV3Url': { name: (i) => `Environment ${i + 1}'s delivery history URL` },
  'environments.live.*.clientId': { name: (i) => `Environment ${i + 1}'s client id` },
  'poller.intervalMs': { name: 'The poll interval' },
  'sandbox.port': { name: 'The sandbox port' },
  'sandbox.enabled': { name: 'Run the sandbox' },
  'localApi.port': { name: 'The port of the browser UI and local API' },
  'tracing.port': { name: 'The OTLP receiver port' },
  'tracing.enabled': { name: 'Receive spans' },
};

/** The labels of one section, with paths relative to it (for a form that validates only that section). */
export function sectionLabels(section: string): FieldLabels {
  const prefix = `${section}.`;
  return Object.fromEntries(
    Object.entries(SETTINGS_FIELD_LABELS)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, label]) => [path.slice(prefix.length), label]),
  );
}
