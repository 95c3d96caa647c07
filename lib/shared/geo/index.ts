export * from './regions';
export * from './company-name';
