import { expect, type Download, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { AppShell } from './app-shell';

/** Sequences → Flows: the card and payment-link flow runner. */
export class FlowsPanel {
  readonly root: Locator;
  readonly log: Locator;
  readonly events: Locator;
  readonly outcomes: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('flows-panel');
    this.log = page.getByTestId('flow-exchange');
    this.events = page.getByTestId('flow-event');
    this.outcomes = page.getByTestId('card-outcomes').locator('li');
  }

  static async open(app: AppShell): Promise<FlowsPanel> {
    await app.goto('sequences');
    await app.page.getByTestId('sequences-tab-flows').click();
    const panel = new FlowsPanel(app.page);
    await expect(panel.root).toBeVisible();
    await expect(app.page.getByTestId('flows-environment')).toHaveText('the sandbox');
    return panel;
  }

  tab(kind: 'card' | 'link' | 'chaos' | 'scenarios'): Promise<void> {
    return this.tabButton(kind).click();
  }

  tabButton(kind: 'card' | 'link' | 'chaos' | 'scenarios'): Locator {
    return this.page.getByTestId(`flows-tab-${kind}`);
  }

  /** Picks a sandbox test card, sets the order id and runs payment method + charge. */
  async runCard(number: string, reference: string): Promise<void> {
    await this.page.getByTestId('card-test-card').selectOption(number);
    await this.page.getByTestId('card-reference').fill(reference);
    await this.page.getByTestId('card-run').click();
  }

  /** The bank's page inside the embedded frame, once it is shown. */
  async challenge(): Promise<FrameLocator> {
    await expect(this.page.getByTestId('challenge-frame')).toBeVisible();
    return this.page.frameLocator('[data-testid="challenge-frame"]');
  }

  /**
   * Follows the flow's link to its order in the Sequences view (Orders tab) and returns that
   * order's timeline rows, in event-created order.
   */
  async openTimeline(orderId: string): Promise<Locator> {
    await this.page.getByTestId('flow-open-timeline').click();
    await expect(this.page.locator(`[data-testid="sequence-order"][data-order-id="${orderId}"]`)).toBeVisible();
    return this.page.getByTestId('sequence-timeline').getByTestId('timeline-row');
  }

  /** The event types of the flow's order, in the order the listener received them. */
  async eventTypes(): Promise<string[]> {
    const rows = await this.events.all();
    return Promise.all(rows.map(async (r) => (await r.getAttribute('data-type')) ?? ''));
  }

  /** Saves the flow's order as a scenario file (enabled once its webhooks arrived) and gives the download. */
  async saveScenario(): Promise<Download> {
    const save = this.page.getByTestId('flow-save-scenario');
    await expect(save).toBeEnabled();
    const [download] = await Promise.all([this.page.waitForEvent('download'), save.click()]);
    return download;
  }

  /** Runs the chaos replay's scenario against a stateful handler until the handler's state shows the one payment. */
  async runChaosAgainst(handler: { url: string; stateUrl: string }): Promise<void> {
    await this.page.getByTestId('chaos-target').fill(handler.url);
    await this.page.getByTestId('chaos-state-url').fill(handler.stateUrl);
    await this.page.getByTestId('chaos-run').click();
    await expect(this.page.getByTestId('chaos-handler-state')).toContainText(`"payments": 1`);
  }

  /** Chooses a file in the flow's Open scenario file… (a scenario file opens in the chaos replay). */
  openScenario(path: string): Promise<void> {
    return this.page.getByTestId('flow-open-scenario').setInputFiles(path);
  }

  /** Chaos replay's Search for a failing order: the order, the handler, its state URL and what the state must hold; then runs it. */
  async searchFailingOrder(orderId: string, handler: { url: string; stateUrl: string }, expect: readonly string[], runs = 300): Promise<void> {
    await this.page.getByTestId('chaos-order').fill(orderId);
    await this.page.getByTestId('chaos-target').fill(handler.url);
    await this.page.getByTestId('chaos-state-url').fill(handler.stateUrl);
    await this.page.getByTestId('fuzz-expect').fill(expect.join('\n'));
    await this.page.getByTestId('fuzz-runs').fill(String(runs));
    await this.page.getByTestId('fuzz-run').click();
  }
}
