/**
 * Monaco, bundled with the app (never from a CDN) and cut down to JSON: the editor core, the
 * diff editor, find and folding, and the JSON language. Importing all of `monaco-editor`
 * would pull in every language (about 14 MB); this entry keeps the renderer far smaller.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/diffEditor/register';
import 'monaco-editor/features/documentSymbols/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/language/json/monaco.contribution';
// The JSON mode, loaded when the first JSON model appears, brings every editor contribution
// (suggest, CodeLens, drop-into-editor, …) through this module. Registered after the first
// editor had initialised Monaco's services, their services were missing for every later
// editor ("SuggestController depends on UNKNOWN service ISuggestMemories"). Importing it here
// registers them all once, before any editor exists; the bundle holds them either way.
import 'monaco-editor/internal/common/workers';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { loader } from '@monaco-editor/react';
import { useIsDark } from '../../app-state/theme';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

// Workers come from our own origin (blob: or 'self'), allowed by the CSP; the diff editor
// computes its highlights in the editor worker, so without it diffs show nothing.
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

loader.config({ monaco: monaco as never });

/** Monaco's theme follows the UI's (the system's, or the switch in Settings), and switches live. */
export function useMonacoTheme(): 'vs' | 'vs-dark' {
  return useIsDark() ? 'vs-dark' : 'vs';
}
