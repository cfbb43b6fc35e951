import { Form, useNavigation } from '@remix-run/react';
import { MILEAGE_MAX_LENGTH, mileageInputError } from '~/features/entry/mileage';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { useFormReply, type FormReply } from '~/lib/forms/use-form-reply';

/** The mileage field: digits and commas, at most 7 characters, the numeric keypad on phones. */
export function MileageForm({ action, defaultMileage, reply }: { action: string; defaultMileage: string; reply?: FormReply | null }) {
  const navigation = useNavigation();
  // The server's schema applies the same rule (mileage-schema.server.ts).
  const form = useFormReply(reply, { mileage: mileageInputError });
  const check = form.check('mileage');
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'submit';
  return (
    <Form method="post" action={action} id="mileage" aria-describedby={form.formErrors ? 'mileage-error' : undefined} {...form.formProps}>
      <FormErrors id="mileage-error" errors={form.formErrors} />
      <Field
        label="What's your mileage?"
        hint="Check the dashboard: an accurate mileage gets an accurate price."
        errors={form.errors('mileage')}
        inputProps={{
          id: 'mileage-mileage',
          name: 'mileage',
          required: true,
          type: 'text',
          className: 'input mileage',
          inputMode: 'numeric',
          maxLength: MILEAGE_MAX_LENGTH,
          autoComplete: 'off',
          // After an answer, what the seller sent (even nothing), not the offered figure.
          defaultValue: form.replied ? (form.value('mileage') ?? '') : defaultMileage,
          onBlur: check.onBlur,
          onInput: (event) => {
            const input = event.currentTarget;
            input.value = input.value.replace(/[^\d,]/g, '');
            check.onInput?.(event);
          },
        }}
      />
      <button className="btn" type="submit" name="intent" value="submit" aria-disabled={busy || undefined}>
        {busy ? 'Valuing…' : 'See my valuation'}
      </button>
    </Form>
  );
}

/**
 * The mileage step's card (the valuation's and the car value tracker's): the car, 'Not my car',
 * and the mileage form.
 */
export function MileageCard({
  vehicle,
  action,
  mileage,
  reply,
}: {
  vehicle: { vrm: string; name: string; details: string };
  action: string;
  mileage: string;
  reply?: FormReply | null;
}) {
  return (
    <div className="card">
      <div className="vehicle-head">
        <p>
          <span className="reg">{vehicle.vrm}</span>
        </p>
        <Form method="post" action={action}>
          <button className="btn link" type="submit" name="intent" value="not-my-car">
            Not my car
          </button>
        </Form>
      </div>
      <h2>{vehicle.name}</h2>
      <p className="muted">{vehicle.details}</p>
      {/* Keyed by the value the server offers, so a cancelled confirmation shows what was typed. */}
      <MileageForm key={mileage} action={action} defaultMileage={mileage} reply={reply} />
    </div>
  );
}
