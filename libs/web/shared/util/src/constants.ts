/** Timings and limits the product spec states (shop §9, learning §9). */

/** Flash notifications hide after 3000 ms (shop §2, §9). */
export const FLASH_HIDE_AFTER_MS = 3000;

/** The loading overlay hides 150 ms after it is dismissed (learning §4). */
export const LOADER_HIDE_DELAY_MS = 150;

/** Mini-cart item names are cut to 40 characters (shop §9). */
export const MINI_CART_NAME_LIMIT = 40;

/** Currency of every price (shop §9). */
export const CURRENCY = 'EUR';
