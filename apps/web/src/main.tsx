import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HerdApp } from './app/app';
import { setSignedOut } from './features/auth/api';
import { listenForMissingChunks } from './lib/chunk-reload';
import { startMonitoring } from './lib/monitoring';
import { registerServiceWorker } from './lib/service-worker';
import { watchInstallPrompt } from './lib/install-prompt';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// A 401 on any call means the session ended elsewhere (expired, password changed): show sign-in.
const client = createQueryClient({ onUnauthorized: (c) => setSignedOut(c, false) });

// A chunk gone after a release (its CSS or a shared chunk, reported before the import fails) reloads the tab once.
listenForMissingChunks();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <HerdApp client={client} />
  </StrictMode>,
);

void startMonitoring();
void registerServiceWorker();
watchInstallPrompt();
