import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type AppDispatch } from '@aero/web-shared-store';
import { loadAnalytics, unloadAnalytics } from './analytics.js';
import { readConsent, storeConsent, type CookieConsentChoice } from './consent.js';
import { siteApi } from './site.api.js';

/** Client state of the cookie consent: what the cookies say, and whether the preferences modal is open. */
export interface ConsentState {
  /** A decision exists (the necessary-consent cookie): the banner stays closed. */
  decided: boolean;
  statistics: boolean;
  social: boolean;
  preferencesOpen: boolean;
}

function initialState(): ConsentState {
  const cookies = typeof document === 'undefined' ? { necessary: false, statistics: false, social: false } : readConsent();
  return { decided: cookies.necessary, statistics: cookies.statistics, social: cookies.social, preferencesOpen: false };
}

export const consentSlice = createSlice({
  name: 'consent',
  initialState,
  reducers: {
    consentSaved(state, action: PayloadAction<CookieConsentChoice>) {
      state.decided = true;
      state.statistics = action.payload.statistics;
      state.social = action.payload.social;
      state.preferencesOpen = false;
    },
    cookiePreferencesOpened(state) {
      state.preferencesOpen = true;
    },
    cookiePreferencesClosed(state) {
      state.preferencesOpen = false;
    },
  },
  selectors: {
    selectConsentDecided: (state) => state.decided,
    selectConsent: (state) => state,
    selectCookiePreferencesOpen: (state) => state.preferencesOpen,
  },
});

declare module '@aero/web-shared-store' {
  // Declaration merging with the store's (empty) LazyLoadedSlices: RootState gains `consent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof consentSlice> {}
}

const injectedConsentSlice = consentSlice.injectInto(rootReducer);

export const { consentSaved, cookiePreferencesOpened, cookiePreferencesClosed } = consentSlice.actions;
export const { selectConsentDecided, selectConsent, selectCookiePreferencesOpen } = injectedConsentSlice.selectors;

/** "Accept all": every category. */
export const ACCEPT_ALL: CookieConsentChoice = { necessary: true, statistics: true, social: true };
/** "Accept only necessary". */
export const ONLY_NECESSARY: CookieConsentChoice = { necessary: true, statistics: false, social: false };

/**
 * Applies a cookie-consent choice (shop §4): the consent cookies are set or removed (365 days),
 * the refused categories' cookies deleted, analytics loaded or unloaded, and the choice recorded
 * on the server (`POST /cookie-consent`, its failure does not undo the local choice).
 */
export function saveCookieConsent(choice: CookieConsentChoice) {
  return (dispatch: AppDispatch) => {
    storeConsent(choice);
    if (choice.statistics) loadAnalytics();
    else unloadAnalytics();
    dispatch(consentSaved(choice));
    const recorded = dispatch(siteApi.endpoints.recordCookieConsent.initiate({ necessary: true, statistics: choice.statistics, social: choice.social }));
    return recorded
      .unwrap()
      .catch(() => undefined)
      .finally(() => recorded.reset());
  };
}
