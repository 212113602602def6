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
