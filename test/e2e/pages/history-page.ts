import { expect, type Page } from '@playwright/test';
import { AreaPage } from './area-page';

/** The History area. */
export class HistoryPage extends AreaPage {
  readonly pendingCount = this.page.getByTestId('history-pending-count');

  constructor(page: Page) {
    super(page, 'history');
  }

  async tab(name: 'events' | 'browser' | 'reconcile' | 'diff'): Promise<void> {
    await this.page.getByTestId(`history-tab-${name}`).click();
  }

  /** Runs one poll cycle from the UI and waits until the poller reports it caught up. */
  async pollNow(): Promise<void> {
    await this.page.getByTestId('history-poll-now').click();
    await expect(this.page.getByTestId('history-poll-now')).toBeEnabled();
    await expect(this.page.getByTestId('history-poller')).toHaveAttribute('data-state', 'caught-up');
  }

  async pending(): Promise<number> {
    return Number(await this.pendingCount.getAttribute('data-count'));
  }
}
