import type { Page } from '@playwright/test';

/** One error the page reported: a console.error, an uncaught exception, or a failed request. */
export interface PageProblem {
  readonly kind: 'console' | 'pageerror' | 'http';
  readonly text: string;
}

/**
 * Collects every error a page reports from now on: console errors (React warnings, Monaco's
 * "depends on UNKNOWN service"), uncaught exceptions and rejections, and requests that failed
 * or answered 4xx/5xx (a missing favicon). Use through the `consoleErrors` fixture.
 */
export class ConsoleErrors {
  readonly problems: PageProblem[] = [];

  constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.problems.push({ kind: 'console', text: `${message.text()} @ ${message.location().url}` });
    });
    page.on('pageerror', (error) => this.problems.push({ kind: 'pageerror', text: error.stack ?? error.message }));
    page.on('response', (response) => {
      if (response.status() >= 400) this.problems.push({ kind: 'http', text: `${response.status()} ${response.request().method()} ${response.url()}` });
    });
    page.on('requestfailed', (request) => {
      // A page navigating away aborts its own requests (the event stream): not a problem.
      if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
      this.problems.push({ kind: 'http', text: `${request.failure()?.errorText} ${request.method()} ${request.url()}` });
    });
  }

  /** Readable list for an assertion message. */
  toString(): string {
    return this.problems.map((p) => `[${p.kind}] ${p.text}`).join('\n');
  }
}
