import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { MILEAGE_MAX_LENGTH } from '~/features/entry/mileage';
import { MileageFormSchema } from '~/features/entry/mileage-schema';

/** The mileage field: digits and commas, at most 7 characters, the numeric keypad on phones. */
export function MileageForm({
  action,
  defaultMileage,
  lastResult,
}: {
  action: string;
  defaultMileage: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'mileage',
    lastResult,
    defaultValue: { mileage: defaultMileage },
    constraint: getZodConstraint(MileageFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MileageFormSchema }),
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'submit';
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      {form.errors?.length ? (
        <p className="field-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={fields.mileage.id}>What's your mileage?</label>
        <span className="hint" id={`${fields.mileage.id}-hint`}>
          Check the dashboard: an accurate mileage gets an accurate price.
        </span>
        <input
          {...getInputProps(fields.mileage, { type: 'text' })}
          key={fields.mileage.key}
          className="input mileage"
          inputMode="numeric"
          maxLength={MILEAGE_MAX_LENGTH}
          autoComplete="off"
          aria-describedby={[`${fields.mileage.id}-hint`, fields.mileage.errors ? fields.mileage.errorId : null].filter(Boolean).join(' ')}
          onInput={(event) => {
            const input = event.currentTarget;
            input.value = input.value.replace(/[^\d,]/g, '');
          }}
        />
        {fields.mileage.errors?.length ? (
          <p className="field-error" id={fields.mileage.errorId} role="alert">
            {fields.mileage.errors[0]}
          </p>
        ) : null}
      </div>
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
  lastResult,
}: {
  vehicle: { vrm: string; name: string; details: string };
  action: string;
  mileage: string;
  lastResult?: SubmissionResult<string[]> | null;
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
      <MileageForm key={mileage} action={action} defaultMileage={mileage} lastResult={lastResult} />
    </div>
  );
}
