import { lazy, Suspense } from 'react';
import type { CodeViewProps } from './CodeView';
import type { DiffViewProps } from './DiffView';

export type { CodeViewProps, DiffViewProps };

// Monaco is most of the bundle: load it when the first editor appears, not with the shell.
const LazyCodeView = lazy(() => import('./CodeView').then((m) => ({ default: m.CodeView })));
const LazyDiffView = lazy(() => import('./DiffView').then((m) => ({ default: m.DiffView })));

/** JSON viewer/editor (Monaco, loaded on first use). See CodeView.tsx. */
export function CodeView(props: CodeViewProps) {
  return (
    <Suspense fallback={<div className="monaco-host" style={{ height: props.height ?? 320 }} />}>
      <LazyCodeView {...props} />
    </Suspense>
  );
}

/** Diff of two texts (Monaco, loaded on first use). See DiffView.tsx. */
export function DiffView(props: DiffViewProps) {
  return (
    <Suspense fallback={<div className="monaco-host" style={{ height: props.height ?? 360 }} />}>
      <LazyDiffView {...props} />
    </Suspense>
  );
}
