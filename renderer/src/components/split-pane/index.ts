export { SplitPane } from './SplitPane';
export { useSplitLayout } from './use-split-layout';
export type { SplitLayout, SplitOrientation } from './split-layout';
