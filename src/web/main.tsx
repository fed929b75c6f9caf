import './styles.css';

const container = document.getElementById('root')!;
const publicPage = /^\/c\/([^/]+)\/?$/.exec(window.location.pathname);

// An entrant's visit loads only the entry page; everyone else gets the whole app.
if (publicPage) {
  void import('./app/public-root.tsx').then(({ mountPublicPage }) =>
    mountPublicPage(container, decodeURIComponent(publicPage[1]!)),
  );
} else {
  void import('./app/app.tsx').then(({ mountApp }) => mountApp(container));
}
