import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@aero/web-shared-api';
import { flashSlice } from './flash.slice.js';
import { loadingOverlaySlice } from './loading-overlay.slice.js';

/**
 * Slices that feature libraries inject when they load (`slice.injectInto(rootReducer)`), declared
 * by them through module augmentation so `RootState` knows them:
 * `declare module '@aero/web-shared-store' { interface LazyLoadedSlices extends WithSlice<typeof cartUiSlice> {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface LazyLoadedSlices {}

/**
 * Root reducer. Server data lives in the RTK Query cache (`api`); slices hold real client state
 * only. Feature slices (cart modal, consent) are injected with `rootReducer.inject`.
 */
export const rootReducer = combineSlices(baseApi, flashSlice, loadingOverlaySlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // Development-only checks; a slow CI machine should not turn them into console noise.
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { warnAfter: 128 }, serializableCheck: { warnAfter: 128 } }).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
