import { useEffect, useRef, type ReactNode } from 'react';

/** docs/behaviour/constants.md#shell-constants: a modal closes after a 250 ms animation. */
export const MODAL_CLOSE_MS = 250;

/**
 * The one modal (docs/behaviour/shell.md#other-views, docs/behaviour/states.md). The server renders it as an open, non-modal `<dialog>` in the
 * page, so without JavaScript it is simply part of the page and its own buttons and links (plain
 * forms or links) do the work. With JavaScript it opens as a real modal: focus moves into it and
 * stays there (the rest of the page is inert), Escape, a click on the overlay or the close button
 * closes it after the animation, and focus returns to where it was.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  closeLabel = 'Close',
  closeHref,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  /** Runs once the closing animation is over: cancel the step, navigate away… */
  onClose: () => void;
  closeLabel?: string;
  /** Where the close button leads without JavaScript. */
  closeHref?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closing = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element.open) element.close();
    element.showModal();

    const close = () => {
      if (closing.current) return;
      closing.current = true;
      element.classList.add('closing');
      window.setTimeout(() => {
        element.close();
        element.classList.remove('closing');
        closing.current = false;
        if (returnTo?.isConnected) returnTo.focus();
        onCloseRef.current();
      }, MODAL_CLOSE_MS);
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    // A click on the dialog box itself, not its content, is a click on the overlay.
    const onClick = (event: MouseEvent) => {
      if (event.target === element) close();
    };
    const onCloseButton = (event: Event) => {
      if ((event.target as HTMLElement).closest('[data-modal-close]')) {
        event.preventDefault();
        close();
      }
    };
    element.addEventListener('cancel', onCancel);
    element.addEventListener('click', onClick);
    element.addEventListener('click', onCloseButton);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('click', onClick);
      element.removeEventListener('click', onCloseButton);
    };
  }, []);

  return (
    <dialog ref={dialog} open className="modal" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      <div className="modal-body">
        {closeHref ? (
          <a className="modal-close" href={closeHref} data-modal-close aria-label={closeLabel}>
            ×
          </a>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
