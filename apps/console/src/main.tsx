import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '@/components/providers';
import { createRouter } from '@/app/router';
import { restoreSession } from '@/lib/session';
import { applySystemTheme } from '@/lib/theme';
import './index.css';

// Before the first render, so the guard sees the stored session and the first paint has the right theme.
restoreSession();
applySystemTheme();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
