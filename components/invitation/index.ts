export { InvitationDrawer } from './InvitationDrawer';
export { JoinRequestTable } from './JoinRequestTable';
