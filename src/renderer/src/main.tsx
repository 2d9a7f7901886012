import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createRpcClient } from './lib/rpc';
import './styles.css';
import { applyRememberedTheme } from './app/ThemeSync';

applyRememberedTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App rpc={createRpcClient()} />
  </StrictMode>,
);
