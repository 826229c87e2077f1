import type { CliIo } from '../cli-io';
import { jsonLine, terminalLine } from './terminal-text';

/**
 * How a command reports: one line per event on stdout (or one JSON object with --json), progress
 * on stderr. Every line goes through the terminal-safe printer (terminal-text.ts).
 */
export interface Output {
  readonly json: boolean;
  /** One event: `text` for people, `data` for --json. */
  event(text: string, data: object): void;
  /** Several events in one write (a stored batch: one write, not one per delivery). */
  events(lines: ReadonlyArray<{ readonly text: string; readonly data: object }>): void;
  /** Progress and notes for people, on stderr (never in the way of a pipe). */
  progress(text: string): void;
  readonly paint: Paint;
}

/** ANSI colours, or nothing when stdout is not a terminal (or NO_COLOR is set). */
export interface Paint {
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
}

/** No colours (plain text reports, pipes). */
export const plainPaint: Paint = { green: (t) => t, red: (t) => t, yellow: (t) => t, dim: (t) => t };
const ansi = (code: number) => (t: string) => `\u001b[${code}m${t}\u001b[0m`;
const coloured: Paint = { green: ansi(32), red: ansi(31), yellow: ansi(33), dim: ansi(2) };

export function createOutput(io: CliIo, json: boolean): Output {
  const paint = io.colors && !json ? coloured : plainPaint;
  const line = (text: string, data: object) => (json ? `${jsonLine(data)}\n` : `${terminalLine(text)}\n`);
  return {
    json,
    paint,
    event(text, data) {
      io.out(line(text, data));
    },
    events(lines) {
      if (lines.length > 0) io.out(lines.map(({ text, data }) => line(text, data)).join(''));
    },
    progress(text) {
      io.err(`${terminalLine(text)}\n`);
    },
  };
}
