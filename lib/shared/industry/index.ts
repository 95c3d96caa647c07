export * from './industries';
export * from './chains';
