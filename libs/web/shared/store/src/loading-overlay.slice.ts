import { createSlice } from '@reduxjs/toolkit';

export interface LoadingOverlayState {
  /** Work in progress that asked for the overlay; it shows while this is above 0. */
  pending: number;
}

const initialState: LoadingOverlayState = { pending: 0 };

/**
 * The full-page loading overlay (payment processing, registration, ...). Each `overlayShown`
 * must be paired with `overlayDismissed`; the view hides it LOADER_HIDE_DELAY_MS after the last
 * dismissal.
 */
export const loadingOverlaySlice = createSlice({
  name: 'loadingOverlay',
  initialState,
  reducers: {
    overlayShown(state) {
      state.pending += 1;
    },
    overlayDismissed(state) {
      state.pending = Math.max(0, state.pending - 1);
    },
    overlayReset(state) {
      state.pending = 0;
    },
  },
  selectors: {
    selectOverlayActive: (state) => state.pending > 0,
  },
});

export const { overlayShown, overlayDismissed, overlayReset } = loadingOverlaySlice.actions;
export const { selectOverlayActive } = loadingOverlaySlice.selectors;
