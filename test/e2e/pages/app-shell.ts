import { expect, type Locator, type Page } from '@playwright/test';
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

  /** Opens the tokened URL (the host sets its cookie and redirects) and waits for readiness. */
  async open(): Promise<void> {
    await this.page.goto(this.server.openUrl);
    await this.waitForReady();
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
