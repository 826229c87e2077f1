/**
 * A reason a host cannot run as asked (a malformed option, a missing secret, a folder held
 * without a local API): said as one line, never a stack. The terminal commands print it on
 * stderr with exit status 2 (their CliError is one); the desktop app and the MCP server say it
 * in their own way. `usage`: a mistake in how the host was called, so its usage line follows.
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly options: { readonly usage?: boolean } = {},
  ) {
    super(message);
  }
}
