import 'server-only';

/** The content module's door for the request proxy (ADR 0175): a policy page that does not exist. */
export { missingPolicyPage } from './policy-page-route';
