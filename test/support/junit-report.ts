import { createRequire } from 'node:module';

/** The part of `sax` (a strict streaming XML parser, already installed with the build tools) used here. */
interface SaxParser {
  onopentag: (tag: { name: string; attributes: Record<string, string> }) => void;
  onclosetag: (name: string) => void;
  ontext: (text: string) => void;
  onerror: (error: Error) => void;
  write(xml: string): SaxParser;
  close(): SaxParser;
}
const sax = createRequire(import.meta.url)('sax') as { parser(strict: boolean): SaxParser };

/** One test case of a JUnit report as CI reads it. */
export interface ParsedCase {
  readonly classname: string;
  readonly name: string;
  readonly failure: { message: string; text: string } | null;
  readonly error: { message: string; text: string } | null;
}

interface Node {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: Node[];
  text: string;
}

/**
 * Parses a JUnit XML report strictly (sax in strict mode: a stray `<` or `&`, an unclosed or
 * mismatched tag, an unquoted attribute or a `<` in a value throws, as a CI reporter would choke on it), and checks
 * the counts its suites declare.
 */
export function parseJunitReport(xml: string): { suites: string[]; cases: ParsedCase[] } {
  // XML forbids a raw `<` in an attribute value; sax lets it through.
  if (/="[^"]*</.test(xml)) throw new Error('JUnit XML is not well-formed: a raw < in an attribute value');
  const parser = sax.parser(true);
  const root: Node = { name: '', attributes: {}, children: [], text: '' };
  const open: Node[] = [root];
  parser.onerror = (error) => {
    throw new Error(`JUnit XML is not well-formed: ${error.message}`);
  };
  parser.onopentag = (tag) => {
    const node: Node = { name: tag.name, attributes: tag.attributes, children: [], text: '' };
    open.at(-1)!.children.push(node);
    open.push(node);
  };
  parser.onclosetag = () => void open.pop();
  parser.ontext = (text) => void (open.at(-1)!.text += text);
  parser.write(xml).close();
  const top = root.children;
  if (top.length !== 1 || top[0]!.name !== 'testsuites') throw new Error(`JUnit XML: the root is ${top.map((n) => n.name).join(', ')}, not one testsuites`);
  const suites = top[0]!.children.filter((n) => n.name === 'testsuite');
  const cases: ParsedCase[] = [];
  for (const suite of suites) {
    const part = (c: Node, tag: string) => {
      const el = c.children.find((n) => n.name === tag);
      return el ? { message: el.attributes['message'] ?? '', text: el.text } : null;
    };
    const own = suite.children.filter((n) => n.name === 'testcase').map((c) => ({ classname: c.attributes['classname'] ?? '', name: c.attributes['name'] ?? '', failure: part(c, 'failure'), error: part(c, 'error') }));
    if (Number(suite.attributes['tests']) !== own.length) throw new Error('JUnit XML: tests= does not count the test cases');
    if (Number(suite.attributes['failures']) !== own.filter((c) => c.failure).length) throw new Error('JUnit XML: failures= does not count the failures');
    cases.push(...own);
  }
  return { suites: suites.map((s) => s.attributes['name'] ?? ''), cases };
}
