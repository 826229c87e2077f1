import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, scriptFiles, SOURCE_ROOTS, where } from './support/source-files';

/**
 * Users and agents never read the interface spec's section numbers ("of 6.4", "(2.8)", "§"):
 * they do not have the spec. Text they read — errors, MCP tool descriptions, JSON schemas, CLI
 * help, UI text, the docs — says it in words or links to docs/service.md. Comments are for the
 * people who carry the code on and are not read here.
 */
const root = process.cwd();

/** Version numbers that are not section numbers, and addresses (an RFC's #section-6.5.1). */
const NOT_SECTIONS = /HTTP\/\d\.\d|HAR 1\.2|version="1\.0"|https?:\/\/\S+/g;
/** A section number on its own ("of 6.4", "(2.8)", "interface 6.1: …"), or a section sign. */
const SECTION = /§|(?<![\w./-])[1-9]\.\d{1,2}(?:\.\d+)?(?![\w%/×]|\.\d)/;
const NUMBER_ONLY = /^\s*[\d.,]+\s*$/;

function sectionInText(text: string): boolean {
  return !NUMBER_ONLY.test(text) && SECTION.test(text.replace(NOT_SECTIONS, ''));
}

describe('spec section numbers', () => {
  it('appear in no text of the app (errors, tool and schema descriptions, help, UI)', () => {
    const found: string[] = [];
    for (const path of scriptFiles(root, SOURCE_ROOTS)) {
      const file = parse(root, path);
      const visit = (node: ts.Node): void => {
        const text = ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node) ? node.text : null;
        if (text !== null && sectionInText(text)) found.push(`${where(file, node)} ${JSON.stringify(text.trim().slice(0, 120))}`);
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    expect(found, 'say it in words, or link docs/service.md#…').toEqual([]);
  });

  it('appear in no page of the docs', () => {
    const pages = ['README.md', ...readdirSync('docs', { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.md')).map((p) => `docs/${p}`)];
    const docSection = /§|\((?:interface |section )?[1-9]\.\d{1,2}(?:\.\d)?\)|\binterface [1-9]\.\d|\bof [1-9]\.\d{1,2}\b/;
    const found = pages.sort().flatMap((page) =>
      readFileSync(page, 'utf8')
        .split('\n')
        .flatMap((line, i) => (docSection.test(line) ? [`${page}:${i + 1} ${line.trim()}`] : [])),
    );
    expect(found, 'link the section of docs/service.md instead').toEqual([]);
  });

  it('are told apart from versions, amounts and addresses', () => {
    for (const text of ['is not an event type of 6.4', 'an event (2.8)', 'interface 6.1: at least once', 'see § 3', '3.4 moves one step at a time']) {
      expect(sectionInText(text), text).toBe(true);
    }
    for (const text of ['HTTP/1.1 502 Bad Gateway', 'Export as HAR 1.2', '5.00', 'Svc-Webhooks/1.0', 'https://tools.ietf.org/html/rfc7231#section-6.5.1', '1.5×']) {
      expect(sectionInText(text), text).toBe(false);
    }
  });
});
