import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

// Every module the page started with has arrived (this one is imported last): the chunk watch
// in the page's head stands down (app/features/shell/chunk-watch.inline.ts).
window.__ksCodeArrived?.();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
