/**
 * Redaction: personal data in webhook bodies replaced by consistent pseudonyms, for files a user
 * shares (scenario files, regression tests). The one module every export that redacts uses.
 */
export type { PersonalKind } from './personal-fields';
export { Pseudonyms } from './pseudonyms';
export { redactJsonText } from './redact-json';
export { redactScenario, RedactionError } from './redact-scenario';
