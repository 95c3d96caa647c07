// Spec 2.1 lists /advancedSearch/index as well: the same screen (canonical /advancedSearch).
export { default, metadata } from '../page';

export const dynamic = 'force-dynamic';
