// The shell's widgets that come after its first paint, in one chunk: the menu's product search,
// mini cart and user menu, the account notices, the added-to-cart dialog and the site's dialogs.
// Each comes from its feature's shell entry point, so a first visit does not download the
// features' screens with them.
export { AccountNotices, RoleMenuLinks, UserMenu } from '@aero/web-accounts-feature/shell';
export { AddedToCartModal, MiniCart } from '@aero/web-cart-feature/shell';
export { ProductSearch } from '@aero/web-catalog-feature/shell';
export { SiteDialogs } from '@aero/web-site-feature/shell';
