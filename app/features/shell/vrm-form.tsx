import { Form, useNavigation } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { formatVrm, isValidVrm, VRM_MAX_LENGTH } from '../../../contract/vrm';
import { useFormReply, type FormReply } from '~/lib/forms/use-form-reply';
import { vrmProblem } from '~/lib/forms/vrm-field';

/** The field's check in the browser: the same rule the server's schema applies. */
const RULES = { vrm: vrmProblem };

/**
 * The registration field of the hero, the footer, the sticky banner and the tools. Plain POST
 * without JS (the server validates and answers the one way forms do, lib/forms/form.server.ts); with JS,
 * the field validates on blur and then as the seller types, the value is upper-cased as typed and
 * formatted on blur, focusing the field clears its error, and an invalid registration is not sent
 * (the field takes the focus instead).
 *
 * The browser's check is `vrmProblem`, the same rule the server's schema applies, read through the
 * one form hook (lib/forms/use-form-reply.ts) rather than conform + zod, which cost ~27 KB of
 * compressed JavaScript on every page for one field (docs/performance.md). The form keeps
 * `noValidate` even without scripts: the server's message is clearer than the browser's bubble.
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
  lastResult?: FormReply | null;
  buttonLabel: ReactNode;
}) {
  const navigation = useNavigation();
  const form = useFormReply(lastResult, RULES);
  const [focused, setFocused] = useState(false);
  const initialValue = form.value('vrm') ?? (defaultVrm ? formatVrm(defaultVrm) : '');
  const [value, setValue] = useState(initialValue);
  const check = form.check('vrm');

  const fieldErrors = form.errors('vrm');
  // The field's error steps aside while the seller is in it.
  const errors = focused ? undefined : fieldErrors;
  const state = errors?.length ? 'error' : value && !fieldErrors ? 'valid' : 'untouched';
  const busy = navigation.state === 'submitting' && navigation.formAction === (action ?? '/');
  const fieldId = `${id}-vrm`;
  const errorId = `${fieldId}-error`;

  return (
    <Form method="post" action={action} id={id} ref={form.formProps.ref} noValidate onSubmit={form.formProps.onSubmit}>
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        <div className={`plate${state === 'error' ? ' invalid' : ''}`} data-state={state}>
          <input
            required
            id={fieldId}
            name="vrm"
            form={id}
            aria-invalid={state === 'error' || undefined}
            aria-describedby={fieldErrors?.length ? errorId : undefined}
            type="text"
            defaultValue={initialValue}
            maxLength={VRM_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="AB12 CDE"
            onFocus={() => setFocused(true)}
            onInput={(event) => {
              const field = event.currentTarget;
              const start = field.selectionStart;
              field.value = field.value.toUpperCase();
              field.setSelectionRange(start, start);
              setValue(field.value);
              check.onInput?.(event);
            }}
            onBlur={(event) => {
              setFocused(false);
              const field = event.currentTarget;
              if (isValidVrm(field.value)) field.value = formatVrm(field.value);
              setValue(field.value);
              check.onBlur?.(event);
            }}
          />
        </div>
        {errors?.length ? (
          <p className="field-error" id={errorId} role="alert">
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
