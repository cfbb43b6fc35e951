import { Form } from '@remix-run/react';
import { useRef } from 'react';
import { Modal } from './modal';
import { formatMiles } from '~/lib/format';
import { MILEAGE_MESSAGES } from '~/features/entry/mileage';

/**
 * The confirm-mileage step, in the shared modal: a server-rendered state with two plain forms
 * without JS; a modal with it, where Escape, the overlay and the close button cancel like 'No'.
 */
export function ConfirmMileage({ action, mileage, low = false }: { action: string; mileage: number; low?: boolean }) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy="confirm-title" describedBy="confirm-text" onClose={() => cancel.current?.click()}>
      <h2 id="confirm-title">{low ? MILEAGE_MESSAGES.confirmLowTitle : MILEAGE_MESSAGES.confirmTitle}</h2>
      <p id="confirm-text">
        {formatMiles(mileage)} {low ? MILEAGE_MESSAGES.confirmLowText : MILEAGE_MESSAGES.confirmText}
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
    </Modal>
  );
}
