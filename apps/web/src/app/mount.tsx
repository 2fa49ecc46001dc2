import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

export function mountRouter(container: HTMLElement, router: DataRouter): void {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

/**
 * Takes over HTML rendered at build time with the same tree (see app/site/prerender.tsx). As a
 * transition the work yields to the browser in small slices, so the page that is already on
 * screen stays responsive while it hydrates.
 */
export function hydrateRouter(container: HTMLElement, router: DataRouter): void {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
