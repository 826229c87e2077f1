import { writeFileSync } from 'node:fs';
import type { OptionSpec } from '../../kit/options';
import { CliError } from '../framework/exit-codes';

/**
 * JUnit XML, the report format CI systems show as test results (GitHub Actions' test report
 * actions, GitLab, Jenkins): one <testcase> per check, expectation or fuzz search. Everything
 * in it may come from a sender (event types, a handler's answers, its state), so every text
 * and attribute goes through `xmlText`.
 */

export const JUNIT_OPTION: OptionSpec = { name: 'junit', value: 'FILE', help: 'also write a JUnit XML report to FILE (one test case per check or expectation), for CI test reporting' };

export interface JunitCase {
  readonly name: string;
  /** Groups cases in CI views: `hooklab.check-handler`, `hooklab.scenario-run`. */
  readonly classname: string;
  readonly timeMs?: number;
  /** The verdict when it failed: `message` one line (the verdict with the fix), `text` the detail. */
  readonly failure?: { readonly message: string; readonly text: string };
  /** It could not be judged (the handler unreachable). */
  readonly error?: { readonly message: string; readonly text: string };
  /** What it did, for the report's detail view. */
  readonly output?: string;
}

export interface JunitSuite {
  readonly name: string;
  readonly timestamp: string;
  readonly cases: readonly JunitCase[];
}

/** Characters XML 1.0 cannot hold at all (controls, lone surrogates, U+FFFE/FFFF): shown as `\uXXXX`. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or an attribute value, safe inside XML: markup escaped, characters XML forbids written out. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** An attribute value on one line: line breaks as character references, so a parser keeps them. */
const attr = (text: string) => xmlText(text).replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

export function junitXml(suite: JunitSuite): string {
  const failures = suite.cases.filter((c) => c.failure).length;
  const errors = suite.cases.filter((c) => c.error && !c.failure).length;
  const time = seconds(suite.cases.reduce((sum, c) => sum + (c.timeMs ?? 0), 0));
  const counts = `tests="${suite.cases.length}" failures="${failures}" errors="${errors}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(suite.name)}" ${counts} time="${time}">`,
    `  <testsuite name="${attr(suite.name)}" ${counts} skipped="0" time="${time}" timestamp="${attr(suite.timestamp)}">`,
  ];
  for (const c of suite.cases) {
    lines.push(`    <testcase classname="${attr(c.classname)}" name="${attr(c.name)}" time="${seconds(c.timeMs)}">`);
    if (c.failure) lines.push(`      <failure message="${attr(c.failure.message)}" type="failure">${xmlText(c.failure.text)}</failure>`);
    else if (c.error) lines.push(`      <error message="${attr(c.error.message)}" type="error">${xmlText(c.error.text)}</error>`);
    if (c.output) lines.push(`      <system-out>${xmlText(c.output)}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** Writes the report (replacing an earlier one: CI writes it on every run). */
export function writeJunitReport(path: string, suite: JunitSuite): void {
  try {
    writeFileSync(path, junitXml(suite));
  } catch (error) {
    throw new CliError(`cannot write the JUnit report ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
