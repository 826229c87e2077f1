import { defaultApiV3Url } from '../../../../shared/settings';

/**
 * The add-environment form's draft after the base URL changed: the history URL follows it
 * (`<base URL>/api/v3`, as the command line does) until the user types their own.
 */
export function followBaseUrl<D extends { baseUrl: string; apiV3Url: string }>(draft: D, baseUrl: string): D {
  const following = draft.apiV3Url === '' || draft.apiV3Url === defaultApiV3Url(draft.baseUrl);
  return { ...draft, baseUrl, ...(following ? { apiV3Url: defaultApiV3Url(baseUrl) } : {}) };
}
