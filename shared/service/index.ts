export * from './enums';
export * from './auth';
export * from './cards';
export * from './payment-links';
export * from './webhooks';
export * from './problems';
