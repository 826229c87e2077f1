/**
 * What every Monaco text editor of the app shares (a viewer, Replay's body editor): no minimap,
 * the page scrolls at the text's top or bottom instead of the wheel being swallowed, no empty
 * space past the last line, small type, laid out with its box, long lines wrapped.
 */
export const BASE_EDITOR_OPTIONS = {
  minimap: { enabled: false },
  scrollbar: { alwaysConsumeMouseWheel: false },
  scrollBeyondLastLine: false,
  fontSize: 12,
  lineNumbersMinChars: 3,
  automaticLayout: true,
  wordWrap: 'on',
} as const;
