export * from './sieve';
export * from './body-verdict';
export * from './json-diff';
export * from './pair-arrivals';
