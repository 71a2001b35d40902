import './bootstrap.scss';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { routes } from '@/app/routes';
import { applyTheme, storedThemeMode } from '@/lib/theme';

// Before the first paint, so a dark-mode user never sees a light flash.
applyTheme(storedThemeMode());

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
