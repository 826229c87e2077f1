import { describe, expect, it } from 'vitest';
import { followBaseUrl } from '../../../../../../renderer/src/features/settings/environment-defaults';

describe("the add-environment form's history URL", () => {
  it('follows the base URL as <base URL>/api/v3 until the user types their own', () => {
    let draft = { baseUrl: '', apiV3Url: '' };
    draft = followBaseUrl(draft, 'https://pay.example');
    expect(draft.apiV3Url).toBe('https://pay.example/api/v3');
    draft = followBaseUrl(draft, 'https://pay.example.com/');
    expect(draft.apiV3Url).toBe('https://pay.example.com/api/v3');
    draft = { ...draft, apiV3Url: 'https://history.example/v3' };
    expect(followBaseUrl(draft, 'https://other.example').apiV3Url).toBe('https://history.example/v3');
  });
});
