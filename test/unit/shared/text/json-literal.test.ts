import { describe, expect, it } from 'vitest';
import { jsonLiteral } from '../../../../shared/text/json-literal';

describe('jsonLiteral', () => {
  const hostile = 'a\u2028b\u2029c</script><!--\n"\'';

  it('reads back as the same value and leaves no raw line separator, paragraph separator or <', () => {
    const text = jsonLiteral({ type: hostile, n: 1 });
    expect(text).not.toMatch(/[\u2028\u2029<\n]/);
    expect(JSON.parse(text)).toEqual({ type: hostile, n: 1 });
  });

  it('cannot end a // comment or a script when pasted into JavaScript', () => {
    const code = `// ${jsonLiteral(hostile)} globalThis.ran = true;\nreturn typeof globalThis.ran;`;
    expect(new Function(code)()).toBe('undefined');
  });

  it('indents like JSON.stringify when asked', () => {
    expect(jsonLiteral({ a: [1] }, 2)).toBe(JSON.stringify({ a: [1] }, null, 2));
  });
});
