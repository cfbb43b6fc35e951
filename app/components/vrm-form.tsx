import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { formatVrm, isValidVrm, VRM_MAX_LENGTH } from '../../contract/vrm';
import { LookupSchema } from '~/lib/validation';

/**
 * The registration field of the hero. Plain POST without JS; with JS, conform validates on blur,
 * the value is upper-cased as typed and formatted on blur, and focusing the field clears its error.
 */
export function VrmForm({
  id = 'vehicle-lookup',
  label = 'Enter your reg',
  action,
  defaultVrm,
  lastResult,
  buttonLabel,
}: {
  /** Several lookups can share a page (hero, footer, sticky banner): each needs its own id. */
  id?: string;
  label?: string;
  action?: string;
  defaultVrm?: string;
  lastResult?: SubmissionResult<string[]> | null;
  buttonLabel: ReactNode;
}) {
  const navigation = useNavigation();
  const [focused, setFocused] = useState(false);
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { vrm: defaultVrm ? formatVrm(defaultVrm) : '' },
    constraint: getZodConstraint(LookupSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LookupSchema }),
  });
  const errors = focused ? undefined : fields.vrm.errors;
  const state = errors?.length ? 'error' : fields.vrm.value && !fields.vrm.errors ? 'valid' : 'untouched';
  const busy = navigation.state === 'submitting' && navigation.formAction === (action ?? '/');

  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <div className="field">
        <label htmlFor={fields.vrm.id}>{label}</label>
        <div className={`plate${state === 'error' ? ' invalid' : ''}`} data-state={state}>
          <input
            {...getInputProps(fields.vrm, { type: 'text' })}
            aria-invalid={state === 'error' || undefined}
            key={fields.vrm.key}
            maxLength={VRM_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="AB12 CDE"
            onFocus={() => setFocused(true)}
            onInput={(event) => {
              const input = event.currentTarget;
              const start = input.selectionStart;
              input.value = input.value.toUpperCase();
              input.setSelectionRange(start, start);
            }}
            onBlur={(event) => {
              setFocused(false);
              const input = event.currentTarget;
              if (isValidVrm(input.value)) input.value = formatVrm(input.value);
            }}
          />
        </div>
        {errors?.length ? (
          <p className="field-error" id={fields.vrm.errorId} role="alert">
            {errors[0]}
          </p>
        ) : null}
      </div>
      <button className="btn" type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Checking…' : buttonLabel}
      </button>
    </Form>
  );
}
