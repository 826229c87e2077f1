export { SplitPane } from './SplitPane';
export { useSplitLayout } from './use-split-layout';
export { readSplitLayout, type SplitLayout, type SplitOrientation } from './split-layout';
