// First: zod's settings must hold before any schema is built (see zod-config.ts).
import './zod-config.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { makeStore } from '@aero/web-shared-store';
import { installClientErrorReporting } from '@aero/web-shared-util';
import './i18n/i18n.js';
import { prefetchFirstScreen } from './app/first-screen-data.js';
import { appRoutes } from './app/routes.js';
import './styles/app.css';

// Uncaught errors and unhandled rejections go to the error reports (the error boundary and failed calls report their own).
installClientErrorReporting();
const store = makeStore();
prefetchFirstScreen(store, window.location.pathname);
const router = createBrowserRouter(appRoutes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
