import type { OptionSpec } from '../framework/command';

/** `--redact`, the same words on every command that writes a file to share. */
export const REDACT_OPTION: OptionSpec = {
  name: 'redact',
  help: "replace personal data in the bodies (buyer's name, phone, e-mail, external id, invoice data, notes, card holder) with consistent pseudonyms; ids, amounts, statuses and times kept",
};
