import { expect, type APIResponse, type Locator, type Page } from '@playwright/test';
import { splitTokenFragment } from '../../../shared/security/host-token';
import type { ServeProcess } from '../support/serve-process';

export type Area = 'live' | 'history' | 'replay' | 'sequences' | 'sandbox' | 'settings';

/** The shell around every area: navigation, status bar, the "app ready" signal. */
export class AppShell {
  readonly statusBar: Locator;

  constructor(
    readonly page: Page,
    readonly server: ServeProcess,
  ) {
    this.statusBar = page.getByTestId('status-bar');
  }

  /** Opens the URL with the token in its fragment (the page keeps it in sessionStorage) and waits for readiness. */
  async open(): Promise<void> {
    await this.page.goto(this.server.openUrl);
    await this.waitForReady();
  }

  /** The server's per-run token, from the fragment of its open URL. */
  get token(): string {
    return splitTokenFragment(new URL(this.server.openUrl).hash).token ?? '';
  }

  /** Calls the contract as a script would: `POST /api/calls/<name>` with the bearer token. */
  call(name: string, data: object): Promise<APIResponse> {
    return this.page.request.post(`${this.server.url}/api/calls/${name}`, { data, headers: { Authorization: `Bearer ${this.token}` } });
  }

  /** `call`, unwrapping the envelope's value (throws the call's error message). */
  async api<T>(name: string, data: object): Promise<T> {
    const envelope = (await (await this.call(name, data)).json()) as { ok: boolean; value: T; error?: { message: string } };
    if (!envelope.ok) throw new Error(envelope.error?.message);
    return envelope.value;
  }

  async waitForReady(): Promise<void> {
    await expect(this.page.locator('body[data-app-ready="true"]')).toBeAttached();
  }

  /** Goes to an area through the navigation, as a user would. */
  async goto(area: Area): Promise<Locator> {
    await this.page.getByTestId(`nav-${area}`).click();
    const main = this.page.getByTestId(`area-${area}`);
    await expect(main).toBeVisible();
    return main;
  }

  statusPart(part: 'host' | 'environment' | 'listener' | 'tunnel' | 'poller' | 'sandbox'): Locator {
    return this.page.getByTestId(`status-${part}`);
  }

  statusState(part: 'listener' | 'tunnel' | 'poller' | 'sandbox'): Locator {
    return this.page.getByTestId(`status-${part}-state`);
  }
}
