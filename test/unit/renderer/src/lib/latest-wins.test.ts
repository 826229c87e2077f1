import { describe, expect, it } from 'vitest';
import { createLatestOnly, createLatestWins } from '../../../../../renderer/src/lib/latest-wins';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('createLatestWins', () => {
  it('runs one job at a time, skips inputs overtaken while one was in flight, and shows only the latest result', async () => {
    const jobs: Array<{ input: string; d: ReturnType<typeof deferred<string>> }> = [];
    const shown: string[] = [];
    const runner = createLatestWins(
      (input: string) => {
        const d = deferred<string>();
        jobs.push({ input, d });
        return d.promise;
      },
      (result) => shown.push(result),
      () => shown.push('error'),
    );
    runner.run('a');
    runner.run('ab');
    runner.run('abc');
    expect(jobs.map((j) => j.input)).toEqual(['a']);
    jobs[0]!.d.resolve('sig(a)');
    await Promise.resolve();
    await Promise.resolve();
    // The answer for "a" is stale: "abc" runs instead, and only its answer is shown.
    expect(jobs.map((j) => j.input)).toEqual(['a', 'abc']);
    expect(shown).toEqual([]);
    jobs[1]!.d.resolve('sig(abc)');
    await new Promise((r) => setTimeout(r, 0));
    expect(shown).toEqual(['sig(abc)']);
  });

  it('reports the error of the latest input, and nothing after dispose', async () => {
    const shown: string[] = [];
    let fail = true;
    const d = deferred<string>();
    const runner = createLatestWins(
      (input: string) => (fail ? Promise.reject(new Error(`bad ${input}`)) : d.promise),
      (r) => shown.push(r),
      (e) => shown.push((e as Error).message),
    );
    runner.run('x');
    await new Promise((r) => setTimeout(r, 0));
    expect(shown).toEqual(['bad x']);
    fail = false;
    runner.run('y');
    runner.dispose();
    d.resolve('late');
    await new Promise((r) => setTimeout(r, 0));
    expect(shown).toEqual(['bad x']);
  });
});

describe('createLatestOnly', () => {
  it('starts every call at once and applies only the newest turn, until cancelled', () => {
    const turns = createLatestOnly();
    const first = turns.begin();
    expect(first()).toBe(true);
    const second = turns.begin();
    // A newer call overtook the first: its answer is dropped, the newest one's applied.
    expect(first()).toBe(false);
    expect(second()).toBe(true);
    turns.cancel();
    expect(second()).toBe(false);
    expect(turns.begin()()).toBe(true);
  });
});
