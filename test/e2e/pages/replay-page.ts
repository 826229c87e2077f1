import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPage } from './area-page';

/** The Replay area: the editor, its signature, targets and sending, the replay history, the handler check. */
export class ReplayPage extends AreaPage {
  readonly editor = this.page.getByTestId('replay-body-editor');
  readonly signature = this.page.getByTestId('replay-signature');
  readonly signaturePanel = this.page.getByTestId('replay-signature-panel');
  readonly lastSent = this.page.getByTestId('replay-last-sent');
  readonly historyRows = this.page.getByTestId('replay-history-table').getByTestId('data-row');

  constructor(page: Page) {
    super(page, 'replay');
  }

  async tab(name: 'editor' | 'history' | 'check'): Promise<void> {
    await this.tabButton(name).click();
  }

  tabButton(name: 'editor' | 'history' | 'check'): Locator {
    return this.page.getByTestId(`replay-tab-${name}`);
  }

  /** Waits until Monaco holds the draft and the core's signature for the current text is shown. */
  async waitForEditor(): Promise<void> {
    await expect(this.editor).toHaveAttribute('data-ready', 'true');
    await this.waitForSignature();
  }

  /** Opens a template (of `type`, else the one chosen) as the draft and waits for the editor and its signature. */
  async openTemplate(type?: string): Promise<void> {
    if (type) await this.page.getByTestId('replay-template-type').selectOption(type);
    await this.page.getByTestId('replay-template-open').click();
    await this.waitForEditor();
  }

  async waitForSignature(): Promise<string> {
    await expect(this.signaturePanel).toHaveAttribute('data-stale', 'false');
    await expect(this.signature).not.toBeEmpty();
    return (await this.signature.textContent()) ?? '';
  }

  /**
   * Replaces the whole body as a user would: select all, paste the new text. (Typed text would
   * get the editor's auto-closing quotes and brackets, as it does for a user.)
   */
  async replaceBody(text: string): Promise<void> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
    await this.editor.locator('.view-lines').click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('ControlOrMeta+V');
  }

  /** Puts the caret at the end of the body. */
  async focusEditorEnd(): Promise<void> {
    // Focus without a click, whose caret placement could land after the Ctrl+End. (Monaco
    // takes keys on an EditContext element in Chromium, a textarea elsewhere.)
    await this.editor.locator('.native-edit-context, textarea.inputarea').first().focus();
    await this.page.keyboard.press('ControlOrMeta+End');
  }

  /** Types at the end of the body, key by key. */
  async typeAtEnd(text: string): Promise<void> {
    await this.focusEditorEnd();
    await this.page.keyboard.type(text);
  }

  /** Adds a Replay target by URL and chooses it. */
  async addTarget(url: string, label = ''): Promise<void> {
    await this.page.getByTestId('replay-target-toggle-add').click();
    await this.page.getByTestId('replay-target-url').fill(url);
    if (label) await this.page.getByTestId('replay-target-label').fill(label);
    await expect(this.page.getByTestId('replay-target-check')).toBeVisible();
    await this.page.getByTestId('replay-target-add').click();
    await expect(this.page.getByTestId('replay-target')).toHaveValue(url);
  }

  /**
   * Sends (the Send button, or Ctrl+Enter in the editor, which has the focus then) and waits for
   * this send's results (a new batch); returns the first one.
   */
  async send(how: 'button' | 'keyboard' = 'button'): Promise<Locator> {
    const before = (await this.lastSent.count()) > 0 ? await this.lastSent.getAttribute('data-batch') : null;
    if (how === 'button') await this.page.getByTestId('replay-send').click();
    else await this.page.keyboard.press('ControlOrMeta+Enter');
    if (before === null) await expect(this.lastSent).toHaveAttribute('data-batch', /.+/);
    else await expect(this.lastSent).not.toHaveAttribute('data-batch', before);
    return this.lastSent.getByTestId('replay-result').first();
  }

  historyRow(id: number | string): Locator {
    return this.page.getByTestId('replay-history-table').locator(`[data-testid="data-row"][data-row-id="${id}"]`);
  }

  async pickForDiff(id: number | string): Promise<void> {
    await this.historyRow(id).getByTestId('replay-pick').check();
  }

  async runCheck(url: string): Promise<Locator> {
    await this.tab('check');
    await this.page.getByTestId('check-url').fill(url);
    await this.page.getByTestId('check-run').click();
    const summary = this.page.getByTestId('check-summary');
    await expect(summary).toBeVisible({ timeout: 45_000 });
    return summary;
  }

  check(id: string): Locator {
    return this.page.getByTestId(`check-${id}`);
  }
}
