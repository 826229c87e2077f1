import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, isCallName } from '../../../shared/contract';
import { EVENT_CREATED_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../../shared/service/webhooks';
import { parse, scriptFiles, SOURCE_ROOTS, where } from './support/source-files';

/**
 * Each kind of name is written once (issue 42): the service's header names in
 * shared/service/webhooks.ts, the IPC channels in electron/hosts/preload/channels.ts, the bus's
 * event names in the contract. Sentences that mention a name (help text, a fix to apply) are
 * words, not names, and stay; a string that IS the name (compared, sent, shown as a label) must
 * come from its home. Comments are not read.
 */
const root = process.cwd();

/** Every piece of literal text in a file: strings, template parts and JSX text (trimmed). */
function texts(file: ts.SourceFile): { node: ts.Node; text: string }[] {
  const found: { node: ts.Node; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push({ node, text: node.text });
    else if (ts.isJsxText(node) && node.text.trim() !== '') found.push({ node, text: node.text.trim() });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each source file with its literal text, read once for every check. */
const files = scriptFiles(root, SOURCE_ROOTS).map((path) => {
  const file = parse(root, path);
  return { fileName: path, file, texts: texts(file) };
});

const HEADER_HOME = 'shared/service/webhooks.ts';
const HEADER_NAMES = new Set([SIGNATURE_HEADER, EVENT_ID_HEADER, EVENT_CREATED_HEADER]);

const CHANNEL_HOME = 'electron/hosts/preload/channels.ts';

/** Calls whose first argument is an event name that the contract's types check (`E extends EventName`). */
const TYPED_EVENT_CALLS = new Set(['on', 'emit', 'subscribe', 'onEvent', 'useEvent']);
const EVENTS = new Set<string>(EVENT_NAMES);

function typedEventArgument(node: ts.Node): boolean {
  const call = node.parent;
  if (!ts.isCallExpression(call) || call.arguments[0] !== node) return false;
  const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
  return ts.isIdentifier(callee) && TYPED_EVENT_CALLS.has(callee.text);
}

/** Event names in `found` that no typed call checks; a name that is also a call's (app.status) is checked as the call's where it is used. */
function untypedEventNames(file: ts.SourceFile, found: { node: ts.Node; text: string }[]): string[] {
  return found.filter((t) => EVENTS.has(t.text) && !isCallName(t.text) && !typedEventArgument(t.node)).map((t) => `${where(file, t.node)} "${t.text}"`);
}

describe('names written once', () => {
  it('the service header names come from shared/service/webhooks.ts', () => {
    const inline = files
      .filter((f) => f.fileName !== HEADER_HOME)
      .flatMap((f) => f.texts.filter((t) => HEADER_NAMES.has(t.text.toLowerCase())).map((t) => `${where(f.file, t.node)} "${t.text}"`));
    expect(inline, 'import WEBHOOK_HEADER_NAMES / SIGNATURE_HEADER / EVENT_ID_HEADER / EVENT_CREATED_HEADER instead').toEqual([]);
  });

  it('the IPC channel names come from electron/hosts/preload/channels.ts', () => {
    const inline = files
      .filter((f) => f.fileName !== CHANNEL_HOME)
      .flatMap((f) => f.texts.filter((t) => t.text.startsWith('hooklab:call:') || t.text === 'hooklab:event').map((t) => `${where(f.file, t.node)} "${t.text}"`));
    expect(inline, 'import callChannel / EVENT_CHANNEL instead').toEqual([]);
  });

  it("an event name is written only where the contract's types check it (bus.on/emit, subscribe, onEvent, useEvent)", () => {
    const untyped = files.filter((f) => !f.fileName.startsWith('shared/contract/')).flatMap((f) => untypedEventNames(f.file, f.texts));
    expect(untyped, 'follow an event with bus.on(name, …) / transport.subscribe(name, …), not by comparing names').toEqual([]);
  });

  it('tells a typed event argument from a filter by name', () => {
    const code = [
      "bus.on('live.received', cb);",
      "useEvent('history.updated', cb);",
      "bus.subscribe((event, payload) => { if (event === 'live.forwarded') cb(payload); });",
      "transport.call('app.status', {});",
    ].join('\n');
    const file = ts.createSourceFile('probe.ts', code, ts.ScriptTarget.Latest, true);
    expect(untypedEventNames(file, texts(file))).toEqual(['probe.ts:3 "live.forwarded"']);
  });
});
