import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App';
import './shell/app.css';
import './components/ui/ui.css';
import { followTheme } from './app-state/theme';
import { StoresProvider } from './app-state/store-root';
import { windowTitle } from './app-state/window-title';
import { composeStores } from './shell/compose-stores';
import { transport } from './transport';

followTheme();

// This page's stores, over its one transport: a status shown marks the page ready (for tests),
// the pending count is in the window title.
const stores = composeStores(transport, {
  onReady: () => (document.body.dataset.appReady = 'true'),
  onPending: (pending) => (document.title = windowTitle(pending)),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <StoresProvider root={stores}>
      <App />
    </StoresProvider>
  </StrictMode>,
);
