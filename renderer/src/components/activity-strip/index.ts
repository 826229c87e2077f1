export { ActivityStrip, type ActivityStripProps, type TimeRange } from './ActivityStrip';
export { parseRangeParam, rangeParam } from './strip-geometry';
