import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}

export function mountApp(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
