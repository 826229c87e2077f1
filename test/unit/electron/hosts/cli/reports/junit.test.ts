import { describe, expect, it } from 'vitest';
import { junitXml } from '../../../../../../electron/hosts/cli/reports/junit';
import { parseJunitReport } from '../../../../../support/junit-report';

/** What a sender may put in an event type, a handler in its answer or state. */
const HOSTILE = `</failure></testcase><testcase name="forged"> & "quotes" 'apos' ]]> <!-- \u0001\u0008\u001b[2J \ud800 lone \uffff\ttab\nline`;

describe('junitXml', () => {
  it('keeps hostile text inside the case it belongs to, as text, in XML any strict parser reads', () => {
    const xml = junitXml({
      name: `hooklab check-handler ${HOSTILE}`,
      timestamp: '2026-01-01T00:00:00.000Z',
      cases: [
        { name: 'passes', classname: 'hooklab.check-handler', timeMs: 12, output: HOSTILE },
        { name: HOSTILE, classname: 'hooklab.check-handler', failure: { message: `verdict ${HOSTILE} Fix: do this`, text: HOSTILE } },
        { name: 'unreachable', classname: 'hooklab.check-handler', error: { message: 'refused', text: 'refused' } },
      ],
    });
    const report = parseJunitReport(xml);
    expect(report.cases.map((c) => c.name)).toEqual(['passes', expect.stringContaining('</failure></testcase><testcase name="forged">'), 'unreachable']);
    const failed = report.cases[1]!;
    // Characters XML cannot hold are written out; the rest, line breaks included, comes back as it was.
    expect(failed.failure!.message).toBe(`verdict </failure></testcase><testcase name="forged"> & "quotes" 'apos' ]]> <!-- \\u0001\\u0008\\u001b[2J \\ud800 lone \\uffff\ttab\nline Fix: do this`);
    expect(failed.failure!.text).toContain('\\u001b[2J');
    expect(report.cases[2]!.error).toEqual({ message: 'refused', text: 'refused' });
    expect(xml).toMatch(/<testsuite name="[^"]*" tests="3" failures="1" errors="1" skipped="0" time="0\.012"/);
  });
});
