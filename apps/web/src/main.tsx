import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './app/styles.css';
import { installPublicSessionExpiry, PublicApp } from './app/public-app';
import { isPublicPath } from './app/public-pages';
import { installChunkReload } from './app/version/chunk-reload';

/**
 * A public page opened first gets the light public shell; any other path loads the signed-in app (Ant
 * Design, the admin routes), announced with index.html by the server (route-preloads-plugin.ts).
 */
async function chooseApp(): Promise<ComponentType> {
  if (isPublicPath(window.location.pathname)) {
    installPublicSessionExpiry();
    return PublicApp;
  }
  const [{ App }, { installSessionExpiryHandler }] = await Promise.all([
    import('./app/app'),
    import('./app/session-expiry'),
  ]);
  installSessionExpiryHandler();
  return App;
}

// Before the first dynamic import: the admin app's own chunk may be the one an older page asks for.
installChunkReload();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void chooseApp().then((Shell) =>
  createRoot(root).render(
    <StrictMode>
      <Shell />
    </StrictMode>,
  ),
);
