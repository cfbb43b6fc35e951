import { useRef, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

/**
 * A row of slides that scrolls sideways with CSS scroll-snap: swipe, trackpad and keyboard (the
 * row is focusable) work without JavaScript; with it, previous/next buttons move one slide. How
 * many slides show at once is set in CSS by breakpoint (1/2/3/4, gap 24: docs/behaviour/constants.md#shell-constants).
 */
export function Carousel({ label, children, className = '' }: { label: string; children: ReactNode[]; className?: string }) {
  const track = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const move = (direction: 1 | -1) => {
    const row = track.current;
    const slide = row?.firstElementChild as HTMLElement | null;
    if (!row || !slide) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollBy({ left: direction * (slide.offsetWidth + 24), behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <div className={`carousel ${className}`} role="region" aria-roledescription="carousel" aria-label={label}>
      <ul ref={track} className="carousel-track" tabIndex={0} aria-label={`${label}: scroll sideways for more`}>
        {children.map((child, index) => (
          <li className="slide" key={index} aria-roledescription="slide" aria-label={`${index + 1} of ${children.length}`}>
            {child}
          </li>
        ))}
      </ul>
      {/* The row of buttons is always there (hidden until scripts run), so showing them moves nothing. */}
      <div className={`carousel-controls${hydrated ? '' : ' pending'}`} aria-hidden={hydrated ? undefined : true}>
        <button type="button" className="carousel-button" onClick={() => move(-1)} aria-label={`Previous: ${label}`} disabled={!hydrated}>
          ‹
        </button>
        <button type="button" className="carousel-button" onClick={() => move(1)} aria-label={`Next: ${label}`} disabled={!hydrated}>
          ›
        </button>
      </div>
    </div>
  );
}
