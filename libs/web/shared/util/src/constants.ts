/** Timings and limits the product spec states (shop §9, learning §9). */

/** Flash notifications hide after 3000 ms (shop §2, §9). */
export const FLASH_HIDE_AFTER_MS = 3000;

/** The loading overlay hides 150 ms after it is dismissed (learning §4). */
export const LOADER_HIDE_DELAY_MS = 150;

/** Mini-cart item names are cut to 40 characters (shop §9). */
export const MINI_CART_NAME_LIMIT = 40;

/** Currency of every price (shop §9). */
export const CURRENCY = 'EUR';

/** Cart quantity changes are sent after a 500 ms pause (shop §5, §9). */
export const CART_QUANTITY_DEBOUNCE_MS = 500;

/** The added-to-cart modal's quantity debounce is also 500 ms (shop §9, learning §9). */
export const ADDED_TO_CART_QUANTITY_DEBOUNCE_MS = 500;

/** Cart quantity input: minimum 1 (shop §5); a line holds at most 999 (docs/api.md). */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 999;

/** Product search debounce (shop §9). */
export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;

/** FAQ video frame height (shop §9). */
export const FAQ_VIDEO_HEIGHT = 720;

/** The certificate sample's attention notice appears after 750 ms (shop §4, §9). */
export const CERTIFICATE_NOTICE_DELAY_MS = 750;

/** Home slides carousel: autoplay every 5 s, 1.5 s transition, one slide per page (shop §9). */
export const SLIDES_AUTOPLAY_MS = 5000;
export const SLIDES_SPEED_MS = 1500;
export const SLIDES_PER_PAGE = 1;

/** Client logos carousel: 3 per page (shop §9). */
export const CLIENT_LOGOS_PER_PAGE = 3;

/** Query parameter of /cart holding the address to return to after an order (shop §2). */
export const ORDER_SUCCESS_REDIRECT_PARAM = 'order-success-redirect';
