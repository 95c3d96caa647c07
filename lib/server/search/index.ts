import 'server-only';

/**
 * Front door of the search module (ADR 0170): company search, advanced search, the parser that turns words into conditions.
 * Other modules import only what is exported here; search itself may import platform, identity, commerce, enterprise.
 */

export { advancedSearchRoutes } from './advanced-search.routes';
export { advancedIds, compileAdvancedCondition, searchAdvanced } from './advanced-search.service';
export { searchByPark } from './estate/park-search';
export {
  type MapGetCustomerCompany,
  type MapGetCustomerView,
  mapGetCustomerView,
} from './map/map-get-customer.service';
export { estateRoutes } from './estate/estate.routes';
export { estateDetail, estateCompanies } from './estate/estate.service';
export { startEstateRecountSchedule } from './estate/estate-occupancy';
export { mapRoutes } from './map/map.routes';
export { limitSearch, maxResultsFor } from './search-access';
export { recordSearchHistory } from './search-history.service';
export { searchRoutes } from './search.routes';
export { searchEnterprises, SqlParams } from './search.service';
export { conditionChips, type Understanding, understandRequest } from './understand';
