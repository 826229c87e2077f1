import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPage } from './area-page';

/** The Sequences area's Orders tab: the orders list, one order's flags, diagram and timeline. */
export class SequencesPage extends AreaPage {
  readonly order = this.page.getByTestId('sequence-order');
  readonly diagram = this.page.getByTestId('sequence-diagram');
  readonly timeline = this.page.getByTestId('sequence-timeline');

  constructor(page: Page) {
    super(page, 'sequences');
  }

  /** Opens an order by its deep link and waits for it to be shown. */
  async openOrder(orderId: string): Promise<void> {
    await this.page.evaluate(`window.location.hash = ${JSON.stringify(`#/sequences/${encodeURIComponent(orderId)}`)}`);
    await expect(this.page.locator(`[data-testid="sequence-order"][data-order-id="${orderId}"]`)).toBeVisible();
  }

  /** The list row of an order. */
  row(orderId: string): Locator {
    return this.page.getByTestId('sequences-table').getByRole('row').filter({ hasText: orderId });
  }

  flag(kind: string): Locator {
    return this.order.locator(`[data-testid="sequence-flag"][data-kind="${kind}"]`);
  }

  /** A state of one machine in the diagram (`order`, `shipping`, `threeds`). */
  node(machine: 'order' | 'shipping' | 'threeds', state: string): Locator {
    return this.page.getByTestId(`diagram-node-${machine}-${state}`);
  }

  edge(machine: 'order' | 'shipping' | 'threeds', from: string, to: string): Locator {
    return this.page.getByTestId(`diagram-edge-${machine}-${from}-${to}`);
  }

  timelineRows(): Locator {
    return this.timeline.getByTestId('timeline-row');
  }
}
