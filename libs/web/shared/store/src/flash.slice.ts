import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type FlashKind = 'success' | 'error';

export interface FlashMessage {
  id: string;
  kind: FlashKind;
  /** Text already translated by the caller. */
  text: string;
}

export interface FlashState {
  messages: FlashMessage[];
}

const initialState: FlashState = { messages: [] };

/**
 * Flash notifications (success or error). The view hides each one after FLASH_HIDE_AFTER_MS by
 * dispatching `flashDismissed`.
 */
export const flashSlice = createSlice({
  name: 'flash',
  initialState,
  reducers: {
    flashShown: {
      reducer(state, action: PayloadAction<FlashMessage>) {
        state.messages.push(action.payload);
      },
      prepare(message: { kind: FlashKind; text: string }) {
        return { payload: { id: nanoid(), ...message } };
      },
    },
    flashDismissed(state, action: PayloadAction<string>) {
      state.messages = state.messages.filter((message) => message.id !== action.payload);
    },
  },
  selectors: {
    selectFlashMessages: (state) => state.messages,
  },
});

export const { flashShown, flashDismissed } = flashSlice.actions;
export const { selectFlashMessages } = flashSlice.selectors;

/** Shorthands: `dispatch(flashSuccess(t('voucher.success')))`. */
export const flashSuccess = (text: string) => flashShown({ kind: 'success', text });
export const flashError = (text: string) => flashShown({ kind: 'error', text });
