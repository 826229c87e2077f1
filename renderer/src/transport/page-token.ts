import { splitTokenFragment } from '../../../shared/security/host-token';

const STORAGE_KEY = 'hooklab.token';

/**
 * The browser host's token for this tab. On the first load it arrives in the URL fragment
 * (`/#token=…`); it is moved to sessionStorage at once and the fragment is replaced by the hash
 * route that followed it, so the address bar, history and the hash router never see it, and a
 * reload of the tab keeps working. Must run before anything reads `location.hash`.
 */
export function takePageToken(): string | null {
  const { token, route } = splitTokenFragment(window.location.hash);
  if (token) {
    window.sessionStorage.setItem(STORAGE_KEY, token);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${route}`);
  }
  return window.sessionStorage.getItem(STORAGE_KEY);
}

/**
 * A token pasted into an open tab's address bar (`…/#token=<new>`) changes only the fragment:
 * the page would go on with its old token and the old folder's data. A new token reloads the
 * tab with it, so what the tab shows is what that token opens.
 */
export function reloadOnNewPageToken(): void {
  window.addEventListener('hashchange', () => {
    const { token } = splitTokenFragment(window.location.hash);
    if (!token || token === window.sessionStorage.getItem(STORAGE_KEY)) return;
    takePageToken();
    window.location.reload();
  });
}
