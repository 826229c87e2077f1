import { expect, type Locator, type Page } from '@playwright/test';

/** The Sandbox area. */
export class SandboxPage {
  readonly root: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-sandbox');
    this.result = page.getByTestId('sandbox-result');
  }

  /** Runs a scenario by its button and waits until its deliveries are reported. */
  async runScenario(name: string): Promise<Locator> {
    await this.page.getByTestId(`scenario-${name}`).click();
    await expect(this.result).toHaveAttribute('data-state', 'done');
    return this.result;
  }

  async revealSecrets(): Promise<void> {
    await this.page.getByTestId('sandbox-reveal').click();
    await expect(this.page.getByTestId('sandbox-webhookKey')).toBeVisible();
  }
}
