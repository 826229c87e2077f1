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
