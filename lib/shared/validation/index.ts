export * from './rules';
export * from './form-rule';
