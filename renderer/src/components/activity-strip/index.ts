export { ActivityStrip, type ActivityStripProps, type StripWords, type TimeRange } from './ActivityStrip';
export { parseRangeParam, rangeParam } from './strip-geometry';
