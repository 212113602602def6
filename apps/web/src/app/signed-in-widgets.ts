// The shell's prompts for a signed-in user (a pending invitation, pending shared courses): one
// chunk, loaded only once someone is signed in who may get them.
export { PendingInvitationPopup } from '@aero/web-employees-feature/shell';
export { PendingSharesPrompt } from '@aero/web-sharing-feature/shell';
