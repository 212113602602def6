// The feature's part of the app shell (@aero/web-sharing-feature/shell): the pending-shares prompt for a signed-in user. A second entry point, so that
// the shell does not bring the feature's screens, which load with the feature's chunk.
export { PendingSharesPrompt } from './pending-shares-prompt.js';
