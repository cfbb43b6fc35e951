import type { SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatVrm, isValidVrm, VRM_MAX_LENGTH } from '../../../contract/vrm';
import { vrmProblem } from '~/lib/forms/vrm-field';

/**
 * The registration field of the hero, the footer and the sticky banner. Plain POST without JS
 * (the server validates with zod through conform and answers with `submission.reply()`); with JS,
 * the field validates on blur and then as the seller types, the value is upper-cased as typed and
 * formatted on blur, focusing the field clears its error, and an invalid registration is not sent
 * (the field takes the focus instead).
 *
 * The browser's check is `vrmProblem`, the same rule the server's schema applies, rather than
 * conform + zod: those cost ~27 KB of compressed JavaScript on every page for one field
 * (docs/performance.md). The markup is what conform's helpers produced.
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
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const typed = lastResult?.initialValue?.vrm;
  const initialValue = typeof typed === 'string' ? typed : defaultVrm ? formatVrm(defaultVrm) : '';
  const [value, setValue] = useState(initialValue);
  // Errors the server sent, then the field's own once it has been checked (blur or submit).
  const [fieldErrors, setFieldErrors] = useState<string[] | undefined>(lastResult?.error?.vrm ?? undefined);
  const [checked, setChecked] = useState(!!lastResult?.error?.vrm);
  const reported = useRef(lastResult);
  useEffect(() => {
    // A new answer from the server (a submission made with JS): its errors, and focus on the
    // field when it has one, as conform did.
    if (!lastResult || lastResult === reported.current) return;
    reported.current = lastResult;
    setFieldErrors(lastResult.error?.vrm ?? undefined);
    setChecked(!!lastResult.error?.vrm);
    if (lastResult.error?.vrm?.length) input.current?.focus();
  }, [lastResult]);

  const check = (raw: string) => {
    const problem = vrmProblem(raw);
    setFieldErrors(problem ? [problem] : undefined);
    setChecked(true);
    return problem;
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!input.current || !check(input.current.value)) return;
    event.preventDefault();
    // As conform did: the invalid field takes the focus (which, by the rule above, hides its error
    // until the seller leaves the field).
    input.current.focus();
  };

  const errors = focused ? undefined : fieldErrors;
  const state = errors?.length ? 'error' : value && !fieldErrors ? 'valid' : 'untouched';
  const busy = navigation.state === 'submitting' && navigation.formAction === (action ?? '/');
  const fieldId = `${id}-vrm`;
  const errorId = `${fieldId}-error`;

  return (
    <Form method="post" action={action} id={id} noValidate onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        <div className={`plate${state === 'error' ? ' invalid' : ''}`} data-state={state}>
          <input
            ref={input}
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
              if (checked) check(field.value);
            }}
            onBlur={(event) => {
              setFocused(false);
              const field = event.currentTarget;
              if (isValidVrm(field.value)) field.value = formatVrm(field.value);
              setValue(field.value);
              check(field.value);
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
