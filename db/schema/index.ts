export * from './platform';
export * from './enterprise';
export * from './workspace';
export * from './trade';
export * from './jobs';
export * from './crm';
