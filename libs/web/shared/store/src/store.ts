import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@aero/web-shared-api';
import { flashSlice } from './flash.slice.js';
import { loadingOverlaySlice } from './loading-overlay.slice.js';

/**
 * Root reducer. Server data lives in the RTK Query cache (`api`); slices hold real client state
 * only. Later slices (cart modal, consent) are added here or with `rootReducer.inject`.
 */
export const rootReducer = combineSlices(baseApi, flashSlice, loadingOverlaySlice);

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
