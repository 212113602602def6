import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@aero/web-shared-store';
import { readStoredOrderSuccessRedirect } from './order-success-redirect.js';

/** Client state of the cart (server data lives in the RTK Query cache). */
export interface CartUiState {
  /** Product whose added-to-cart modal is open, or null. */
  addedProductId: number | null;
  /** Address to return to after the order (`/cart?order-success-redirect=...`), or null. */
  orderSuccessRedirect: string | null;
}

function initialState(): CartUiState {
  return { addedProductId: null, orderSuccessRedirect: readStoredOrderSuccessRedirect() ?? null };
}

export const cartUiSlice = createSlice({
  name: 'cartUi',
  initialState,
  reducers: {
    addedToCartModalOpened(state, action: PayloadAction<number>) {
      state.addedProductId = action.payload;
    },
    addedToCartModalClosed(state) {
      state.addedProductId = null;
    },
    orderSuccessRedirectKept(state, action: PayloadAction<string | null>) {
      state.orderSuccessRedirect = action.payload;
    },
  },
  selectors: {
    selectAddedProductId: (state) => state.addedProductId,
    selectOrderSuccessRedirect: (state) => state.orderSuccessRedirect,
  },
});

declare module '@aero/web-shared-store' {
  // Declaration merging with the store's (empty) LazyLoadedSlices: RootState gains `cartUi`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof cartUiSlice> {}
}

/** The slice, injected into the app's root reducer when the cart code loads. */
const injectedCartUiSlice = cartUiSlice.injectInto(rootReducer);

export const { addedToCartModalOpened, addedToCartModalClosed, orderSuccessRedirectKept } = cartUiSlice.actions;
export const { selectAddedProductId, selectOrderSuccessRedirect } = injectedCartUiSlice.selectors;
