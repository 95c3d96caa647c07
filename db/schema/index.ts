export * from './platform';
export * from './enterprise';
export * from './workspace';
export * from './trade';
