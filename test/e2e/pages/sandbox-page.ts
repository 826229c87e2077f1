import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPage } from './area-page';

/** The Sandbox area. */
export class SandboxPage extends AreaPage {
  readonly result = this.page.getByTestId('sandbox-result');

  constructor(page: Page) {
    super(page, 'sandbox');
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
