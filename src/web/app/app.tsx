import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}
