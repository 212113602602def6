// The feature libraries, each loaded on first use as its own chunk (routes and shell widgets).
export const loadCatalog = () => import('@aero/web-catalog-feature');
export const loadCart = () => import('@aero/web-cart-feature');
export const loadContent = () => import('@aero/web-content-feature');
