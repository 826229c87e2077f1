/** Regression tests for a user's own suite from recorded events (`scenario.regressionTest`, `hooklab scenario test`). */
export { regressionTest, RegressionTestError, type RegressionTest, type RegressionTestOptions } from './regression-test';
export { TEST_FRAMEWORKS, type TestFramework } from './test-file';
export type { DerivedStates } from './derived-states';
