// The feature's part of the app shell (@aero/web-cart-feature/shell): the mini cart of the top menu and the added-to-cart dialog. A second entry point, so that
// the shell does not bring the feature's screens, which load with the feature's chunk.
export { AddedToCartModal } from './added-to-cart-modal.js';
export { MiniCart } from './mini-cart.js';
