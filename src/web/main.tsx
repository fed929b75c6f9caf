import './styles.css';
// Static, not a dynamic import: the entry page (and React) arrive in this very file, with no
// second request before hydration (docs/decisions/022-entry-page-bytes.md).
import { mountPublicPage } from './app/public-root.tsx';

const container = document.getElementById('root')!;
const publicPage = /^\/c\/([^/]+)\/?$/.exec(window.location.pathname);

// An entrant's visit runs only the entry page; everyone else gets the whole app.
if (publicPage) {
  // In a task of its own, after the one that ran the script's modules: on a slow phone the two
  // together were one long task that kept the page from answering a tap.
  setTimeout(() => mountPublicPage(container, decodeURIComponent(publicPage[1]!)), 0);
} else if (window.location.pathname === '/' && container.firstElementChild) {
  // A visitor without a session: the server rendered the landing page, which is on screen
  // already; only its own chunk is needed to make it interactive, not the app's.
  void import('./app/landing-root.tsx').then(({ hydrateLanding }) => hydrateLanding(container));
} else {
  // On / with a session the landing page shows until the session has loaded: its chunk loads
  // beside the app's instead of after the app has rendered and asked for it.
  if (window.location.pathname === '/') void import('./features/landing/pages/landing-page.tsx');
  void import('./app/app.tsx').then(({ mountApp }) => mountApp(container));
}
