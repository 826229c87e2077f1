export * from './hmac';
