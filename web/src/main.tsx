import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApiError } from './api/client';
import { App } from './app';
import { initI18n } from './i18n';
import './styles.css';

initI18n();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers are facts (not found, not allowed): retrying them only delays the message.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
      refetchOnWindowFocus: true,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
