/**
 * The member centre's code (tabs, tables, payment panel) is loaded when the cash modal first
 * opens, or a moment earlier when the pointer reaches a button that opens it.
 */
export const loadMemberCenter = () => import('./MemberCenter');
