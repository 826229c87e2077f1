import { describe, expect, it } from 'vitest';
import { bodyLabel } from '../../../../../../renderer/src/features/live/body-label';

const sha = 'ab'.repeat(32);

describe('bodyLabel', () => {
  it('labels the hash of a body over the limit as that of the kept prefix, with the declared size', () => {
    const label = bodyLabel({ bodySize: 10_485_760, truncation: 'over-limit' }, 65_536, sha, [['Content-Length', '10485760']]);
    expect(label).toBe(`Over the limit (413): 10,485,760 bytes declared; only the first 65,536 kept · SHA-256 of the kept 65,536 bytes: ${sha.slice(0, 16)}…`);
  });

  it('says a body cut off mid-way is partial, and whose hash it shows', () => {
    expect(bodyLabel({ bodySize: 5_000, truncation: 'cut-off' }, 1_200, sha, [])).toMatch(/^Cut off: 1,200 of 5,000 bytes arrived · SHA-256 of the 1,200 bytes received/);
  });

  it('shows size and hash of a whole body', () => {
    expect(bodyLabel({ bodySize: 42, truncation: null }, 42, sha, [])).toBe(`42 bytes · SHA-256 ${sha.slice(0, 16)}…`);
  });
});
