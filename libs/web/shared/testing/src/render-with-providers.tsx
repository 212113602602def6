import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { makeStore, type AppStore, type RootState } from '@aero/web-shared-store';

export interface RenderWithProvidersOptions {
  preloadedState?: Partial<RootState>;
  /** A ready store; by default a fresh one from `makeStore(preloadedState)`. */
  store?: AppStore;
  /** The address the memory router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted at (for `useParams`), e.g. `/e-shop/:slug`. */
  path?: string;
  /** Whole route table instead of `ui` (the app's routes). */
  routes?: RouteObject[];
}

export type RenderWithProvidersResult = RenderResult & {
  store: AppStore;
  router: ReturnType<typeof createMemoryRouter>;
};

/**
 * Renders with what the app provides: the Redux store, a memory router and i18next with the
 * English catalogue (loaded by the web Jest setup).
 */
export function renderWithProviders(
  ui: ReactElement | null,
  { preloadedState, store = makeStore(preloadedState), route = '/', path = '*', routes }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const router = createMemoryRouter(routes ?? [{ path, element: ui }], { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18next}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store, router };
}
