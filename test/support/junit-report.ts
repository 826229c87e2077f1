import { DOMParser } from '@xmldom/xmldom';

/** One test case of a JUnit report as CI reads it. */
export interface ParsedCase {
  readonly classname: string;
  readonly name: string;
  readonly failure: { message: string; text: string } | null;
  readonly error: { message: string; text: string } | null;
}

/**
 * Parses a JUnit XML report strictly (any parser warning or error throws: what a CI reporter
 * would choke on fails the test), checking the counts its suites declare.
 */
export function parseJunitReport(xml: string): { suites: string[]; cases: ParsedCase[] } {
  const complain = (level: string) => (message: string) => {
    throw new Error(`JUnit XML ${level}: ${message}`);
  };
  const doc = new DOMParser({ errorHandler: { warning: complain('warning'), error: complain('error'), fatalError: complain('fatal error') } }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.tagName !== 'testsuites') throw new Error(`JUnit XML: the root is ${root?.tagName}, not testsuites`);
  const suites = Array.from(root.getElementsByTagName('testsuite'));
  const cases: ParsedCase[] = [];
  for (const suite of suites) {
    const own = Array.from(suite.getElementsByTagName('testcase'));
    const part = (c: Element, tag: string) => {
      const el = c.getElementsByTagName(tag)[0];
      return el ? { message: el.getAttribute('message') ?? '', text: el.textContent ?? '' } : null;
    };
    const parsed = own.map((c) => ({ classname: c.getAttribute('classname') ?? '', name: c.getAttribute('name') ?? '', failure: part(c, 'failure'), error: part(c, 'error') }));
    if (Number(suite.getAttribute('tests')) !== parsed.length) throw new Error('JUnit XML: tests= does not count the test cases');
    if (Number(suite.getAttribute('failures')) !== parsed.filter((c) => c.failure).length) throw new Error('JUnit XML: failures= does not count the failures');
    cases.push(...parsed);
  }
  return { suites: suites.map((s) => s.getAttribute('name') ?? ''), cases };
}
