// Entry of the renderer: global styles, global error handlers, the router, the notice shown while
// the server is away and the dialog host.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './styles/global.css';
// The editor's colour classes (txt-*) style stored rich text wherever it is shown, not only in forms.
import './forms/widgets/rich-text/colors.css';
import { DialogHost } from './app/dialog';
import { ErrorBoundary } from './app/errors/ErrorBoundary';
import { ServerAwayNotice } from './app/errors/ServerAwayNotice';
import { installGlobalErrorHandlers } from './app/errors/unexpected-error';
import { setNavigator } from './app/navigation';
import { createAppRouter } from './app/router';

installGlobalErrorHandlers();
// npm run dev: a screen follows the edits of its definitions (renderer/screens/playground/); `vite build` drops this.
if (import.meta.env.DEV) void import('./screens/playground/follow-definitions').then((m) => m.followDefinitionEdits());

const router = createAppRouter();
setNavigator((to, options) => {
  void router.navigate(to, options);
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <RouterProvider router={router} />
    </ErrorBoundary>
    <ServerAwayNotice />
    <DialogHost />
  </StrictMode>,
);
