export { SplitPane } from './SplitPane';
export { useSplitLayout, readSplitLayout, type SplitLayout, type SplitOrientation } from './split-layout';
