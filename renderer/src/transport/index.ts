export type { Transport } from './transport';
export { transport } from './current';
export { useTransport, useEvent } from './use-transport';
