import { Form } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { formatMiles } from '~/lib/format';
import { MILEAGE_MESSAGES } from '~/lib/mileage';

/**
 * The confirm-mileage step. A `<dialog open>` in the page without JS (a server-rendered state with
 * two plain forms); with JS it opens as a modal, and Escape cancels like the cancel button.
 */
export function ConfirmMileage({ action, mileage }: { action: string; mileage: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (element.open) element.close();
    element.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      cancel.current?.click();
    };
    element.addEventListener('cancel', onCancel);
    return () => element.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog ref={dialog} open className="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <h2 id="confirm-title">{MILEAGE_MESSAGES.confirmTitle}</h2>
      <p id="confirm-text">
        {formatMiles(mileage)} {MILEAGE_MESSAGES.confirmText}
      </p>
      <div className="actions">
        <Form method="post" action={action}>
          <input type="hidden" name="mileage" value={String(mileage)} />
          <button className="btn" type="submit" name="intent" value="confirm">
            Yes, {formatMiles(mileage)} is right
          </button>
        </Form>
        <Form method="post" action={action}>
          <button ref={cancel} className="btn secondary" type="submit" name="intent" value="cancel">
            No, change it
          </button>
        </Form>
      </div>
    </dialog>
  );
}
