// First: zod's settings must hold before any schema is built (see zod-config.ts).
import './zod-config.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { contentApi } from '@aero/web-content-data-access';
import { makeStore } from '@aero/web-shared-store';
import { installClientErrorReporting } from '@aero/web-shared-util';
import './i18n/i18n.js';
import { appRoutes } from './app/routes.js';
import './styles/app.css';

// Uncaught errors and unhandled rejections go to the error reports (the error boundary and failed calls report their own).
installClientErrorReporting();
const store = makeStore();
// The home page's largest paint is its first slide: ask for the slides now, alongside the page's
// chunks, instead of once they have loaded (the data stays cached while the slides subscribe).
if (window.location.pathname === '/') {
  // Its picture is fetched as soon as its address is known, before the carousel renders.
  const slides = store.dispatch(contentApi.endpoints.getSlides.initiate());
  void slides
    .then(({ data }) => {
      if (!data?.[0]) return;
      const preload = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: data[0].image, fetchPriority: 'high' });
      document.head.append(preload);
    })
    .finally(() => slides.unsubscribe());
}
const router = createBrowserRouter(appRoutes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
