// The feature's part of the app shell (@aero/web-accounts-feature/shell): the account notices and the signed-in user's menu links and name. A second entry point, so that
// the shell does not bring the feature's screens, which load with the feature's chunk.
export { AccountNotices } from './account-notices.js';
export { RoleMenuLinks, UserMenu } from './user-menu.js';
