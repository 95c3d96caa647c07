export { seedReferenceData } from './reference';
export {
  CORPUS_TABLES,
  DEFAULT_SEED,
  countEnterprises,
  resetEnterpriseCorpus,
  seedEnterprises,
  type CorpusTable,
  type SeedEnterprisesOptions,
  type SeedEnterprisesResult,
  type SeedProgress,
} from './enterprises';
export { EnterpriseGenerator, type GeneratedEnterprise } from './enterprise-generator';
