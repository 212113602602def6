// The feature's part of the app shell (@aero/web-catalog-feature/shell): the product search of the top menu. A second entry point, so that
// the shell does not bring the feature's screens, which load with the feature's chunk.
export { ProductSearch } from './product-search.js';
