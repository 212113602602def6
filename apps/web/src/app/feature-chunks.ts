// The feature libraries, each loaded on first use as its own chunk (routes and shell widgets).
export const loadCatalog = () => import('@aero/web-catalog-feature');
export const loadCart = () => import('@aero/web-cart-feature');
export const loadContent = () => import('@aero/web-content-feature');
export const loadAccounts = () => import('@aero/web-accounts-feature');
export const loadSite = () => import('@aero/web-site-feature');
export const loadCheckout = () => import('@aero/web-checkout-feature');
export const loadOrders = () => import('@aero/web-orders-feature');
export const loadEmployees = () => import('@aero/web-employees-feature');
export const loadSharing = () => import('@aero/web-sharing-feature');
export const loadLearning = () => import('@aero/web-learning-feature');
export const loadExams = () => import('@aero/web-exams-feature');
export const loadReports = () => import('@aero/web-reports-feature');
// The shell's widgets that come after its first paint (menu widgets, notices, dialogs), and the
// prompts for a signed-in user: each one chunk, without the screens of the features they are from.
export const loadShellWidgets = () => import('./shell-widgets.js');
export const loadSignedInWidgets = () => import('./signed-in-widgets.js');
