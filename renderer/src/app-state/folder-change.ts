/**
 * What a tab says when the Hooklab it talks to now runs on another data folder than the one it
 * showed (restarted with --data-dir, or another one took the address): its areas would mix the
 * old folder's data with the new one's, so it shows only this until reloaded.
 */
export function folderChangeMessage(shown: string, now: string): string | null {
  return shown === now ? null : `This tab showed the data folder ${shown}; Hooklab now runs on ${now}. Reload the page to see that folder's data.`;
}
