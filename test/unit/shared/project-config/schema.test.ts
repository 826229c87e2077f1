import { describe, expect, it } from 'vitest';
import { configMistakes, ProjectConfigSchema, routeTargets } from '../../../../shared/project-config/schema';

function mistakes(raw: unknown): string[] {
  const parsed = ProjectConfigSchema.safeParse(raw);
  return parsed.success ? [] : configMistakes(parsed.error);
}

describe('hooklab.config.json', () => {
  it('reports every mistake by its path', () => {
    expect(mistakes({ routes: { SuccessPayment: ['http://localhost:3000/a', 'ftp://x'] }, listener: { port: 70000 } })).toEqual([
      'routes.SuccessPayment[1]: not an http(s) URL',
      expect.stringMatching(/^listener\.port: /),
    ]);
  });

  it('refuses a secret in the file, saying where secrets go', () => {
    expect(mistakes({ webhookKey: 'abc' })).toEqual([expect.stringMatching(/unknown field webhookKey \(secrets never go in this file/)]);
  });

  it("routes a type to its own URLs, the others to '*'", () => {
    const config = ProjectConfigSchema.parse({ routes: { SuccessPayment: ['http://a/', 'http://b/'], '*': 'http://c/' } });
    expect(routeTargets(config, 'SuccessPayment')).toEqual(['http://a/', 'http://b/']);
    expect(routeTargets(config, 'Created')).toEqual(['http://c/']);
    expect(routeTargets(ProjectConfigSchema.parse({}), 'Created')).toEqual([]);
  });
});
