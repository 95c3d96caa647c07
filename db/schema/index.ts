export * from './platform';
export * from './enterprise';
