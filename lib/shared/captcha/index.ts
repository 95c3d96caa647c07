export * from './aes';
export * from './protocol';
