/** What the save button does and says where it sits (the flow's order, or the chaos replay's). */
export interface ScenarioFileButtonsProps {
  /** Why saving is not possible yet (shown as the button's title), or null. */
  saveBlocked: string | null;
  busy: boolean;
  onSave: () => void;
  onOpen: (input: HTMLInputElement) => void;
  /** What opening a file does here. */
  openTitle: string;
  /** `flow` or `chaos`: the buttons' test ids. */
  testIdPrefix: string;
}

const SAVE_TITLE = "The order's received events, exact bytes and gaps, as a file for hooklab scenario run";

/** "Save as scenario file" and "Open scenario file…", the same words and file picker wherever they appear. */
export function ScenarioFileButtons({ saveBlocked, busy, onSave, onOpen, openTitle, testIdPrefix }: ScenarioFileButtonsProps) {
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy || saveBlocked !== null}
        onClick={onSave}
        data-testid={`${testIdPrefix}-save-scenario`}
        title={saveBlocked ?? SAVE_TITLE}
      >
        Save as scenario file
      </button>
      <label className="button" title={openTitle}>
        Open scenario file…
        <input type="file" accept="application/json,.json" hidden onChange={(e) => onOpen(e.currentTarget)} data-testid={`${testIdPrefix}-open-scenario`} />
      </label>
    </>
  );
}
