import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled input with its hint and first error, wired for screen readers. */
export function Field({
  label,
  hint,
  errors,
  inputProps,
}: {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
}) {
  const { key, ...props } = inputProps;
  const hintId = hint ? `${props.id}-hint` : undefined;
  const errorId = errors?.length ? `${props.id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <input
        key={key}
        className="input"
        {...props}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {errorId ? (
        <p className="field-error" id={errorId} role="alert">
          {errors![0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Errors of the whole form (the platform failed, or refused what was asked), shown above it: the
 * one look every form gives them. `title` heads the panel (at `level`, to fit the page's outline);
 * with `titleId` the panel is named by it.
 */
export function FormErrors({
  id,
  title,
  titleId,
  level = 2,
  errors,
}: {
  id?: string;
  title?: string;
  titleId?: string;
  level?: 2 | 3;
  errors?: string[];
}) {
  if (!errors?.length) return null;
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className="panel" role="alert" id={id} aria-labelledby={title ? titleId : undefined}>
      {title ? <Heading id={titleId}>{title}</Heading> : null}
      <p>{errors[0]}</p>
    </div>
  );
}
