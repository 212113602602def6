// The feature's part of the app shell (@aero/web-employees-feature/shell): the pending-invitation popup for a signed-in user. A second entry point, so that
// the shell does not bring the feature's screens, which load with the feature's chunk.
export { PendingInvitationPopup } from './pending-invitation-popup.js';
