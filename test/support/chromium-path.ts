/**
 * The Chromium the browser tests drive. On these machines it is Debian's /usr/bin/chromium
 * (Playwright cannot download its own here); HOOKLAB_CHROMIUM names another binary, and
 * `HOOKLAB_CHROMIUM=playwright` uses Playwright's own download (GitHub's runners, see
 * .github/workflows/desktop.yml).
 */
export function chromiumExecutable(): string | undefined {
  const chosen = process.env.HOOKLAB_CHROMIUM;
  if (chosen === 'playwright') return undefined;
  return chosen || '/usr/bin/chromium';
}
