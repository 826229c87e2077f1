import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The light theme's muted text against every background it is drawn on, read from the
// stylesheets themselves: WCAG AA asks 4.5:1 for text of this size.
const css = (path: string) => readFileSync(new URL(`../../../../../renderer/src/${path}`, import.meta.url), 'utf8');
const app = css('shell/app.css');
const light = app.slice(app.indexOf(':root {'), app.indexOf(':root[data-theme='));
const token = (name: string): string => {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(light);
  if (!m) throw new Error(`no light --${name}`);
  return m[1]!;
};

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** `color-mix(in srgb, a p%, b)`. */
const mix = (a: string, p: number, b: string) =>
  '#' + channels(a).map((c, i) => Math.round(c * p + channels(b)[i]! * (1 - p)).toString(16).padStart(2, '0')).join('');

describe('light theme contrast', () => {
  const muted = token('muted');
  const backgrounds: Record<string, string> = {
    bg: token('bg'),
    panel: token('panel'),
    'panel-2': token('panel-2'),
    border: token('border'),
    'active row': mix(token('accent'), 0.18, token('bg')),
    'reached diagram node': mix(token('ok'), 0.22, token('panel')),
    'wrong diagram node': mix(token('error'), 0.22, token('panel')),
    ...Object.fromEntries(['ok', 'warn', 'error', 'info', 'neutral', 'sandbox'].map((t) => [`tone-${t}-bg`, token(`tone-${t}-bg`)])),
  };

  it.each(Object.entries(backgrounds))('muted text is at least 4.5:1 on %s', (_name, background) => {
    expect(contrast(muted, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('a search highlight keeps its text readable: the text colour, not the muted one, at least 4.5:1', () => {
    const rule = /\.search-mark \{([^}]*)\}/.exec(css('features/live/live.css'))![1]!;
    expect(rule).toMatch(/color: var\(--text\)/);
    expect(contrast(token('text'), mix(token('warn'), 0.55, token('panel')))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(muted, mix(token('warn'), 0.55, token('panel')))).toBeLessThan(4.5);
  });
});
