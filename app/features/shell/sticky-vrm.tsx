import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { VrmForm } from './vrm-form';
import type { RouteHandle } from '~/lib/route-flags';

/**
 * The sticky registration banner (docs/behaviour/shell.md#other-views, docs/behaviour/states.md) on long pages. Without JavaScript it is a
 * sticky bar at the foot of the content: CSS keeps it in view while the content is, and it stops
 * at the content's end. With JavaScript it also waits until the seller has scrolled past the top of
 * the content (the hero's own form is in view until then), and stays while its input has focus.
 * Closing it is remembered in a cookie, so the server stops sending it.
 */
export function StickyVrm() {
  const ref = useRef<HTMLElement>(null);
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const banner = ref.current;
    const content = document.getElementById('main');
    if (!banner || !content) return;
    const update = () => {
      const box = content.getBoundingClientRect();
      const focused = banner.contains(document.activeElement);
      // Past the top of the content by more than the first screen, and not yet at its end.
      setVisible(focused || (box.top < -window.innerHeight * 0.6 && box.bottom > window.innerHeight));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    banner.addEventListener('focusin', update);
    banner.addEventListener('focusout', () => setTimeout(update));
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  if (fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <aside ref={ref} className={`sticky-vrm${hydrated && !visible ? ' off' : ''}`} aria-label="Value your car">
      <VrmForm
        id="sticky-lookup"
        label="Registration"
        action="/?index"
        buttonLabel={
          <>
            <span className="phone-only">Go</span>
            <span className="wide-only">Value your car</span>
          </>
        }
      />
      <fetcher.Form method="post" action="/sticky-vrm">
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <button type="submit" className="close" aria-label="Close the registration banner">
          ×
        </button>
      </fetcher.Form>
    </aside>
  );
}

/** A route handle that can show the banner (the `stickyVrm` flag says whether the page does). */
export function withStickyVrm<Handle extends RouteHandle>(handle: Handle): Handle {
  return { ...handle, StickyVrm };
}
