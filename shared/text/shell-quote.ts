/** A word for a POSIX shell command line a user pastes: bare when safe, else single-quoted (a quote inside as '\''). */
export const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`);
