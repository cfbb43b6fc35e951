import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';

/**
 * The one way a page reads its form's answer (form.server.ts writes it): the errors by each field,
 * the errors of the whole form, and what the seller typed, so the form shows them again. Without
 * JavaScript the answer arrives with the page; with it, the same answer arrives as action data.
 *
 * With JavaScript a form may also check fields as the seller leaves them and before it posts,
 * with `rules`: each the same small rule the server's schema applies (never a second copy of it),
 * so the browser needs no schema library (docs/decisions/017). The server checks everything again.
 */

export type FormReply = SubmissionResult<string[]>;

/** A field's check in the browser: the message the server would give, or null when it passes. */
export type FieldRule = (value: string, form: FormData) => string | null;

/**
 * Which of a page's forms an answer is for, when several post to one action: the `intent` the
 * seller sent (its button's value), so each form shows only its own answer.
 */
export function intentOf(reply: FormReply | null | undefined): string | undefined {
  const intent = reply?.initialValue?.intent;
  return typeof intent === 'string' ? intent : undefined;
}

export function useFormReply(reply: FormReply | null | undefined, rules: Record<string, FieldRule> = {}) {
  const formRef = useRef<HTMLFormElement | null>(null);
  // What the browser found since the last answer; a new answer from the server replaces it.
  const [checked, setChecked] = useState<Record<string, string | null>>({});
  const answered = useRef(reply);
  useEffect(() => {
    if (answered.current === reply) return;
    answered.current = reply;
    setChecked({});
    // An answer that arrived with scripts running (a post made in the page): the first field it
    // faults takes the focus, as a page load would put the seller at the top.
    const first = Object.keys(reply?.error ?? {}).find((name) => name && reply?.error?.[name]?.length);
    if (first) focusField(formRef.current, first);
  }, [reply]);

  const server = reply?.error ?? {};
  const typed = reply?.initialValue ?? {};

  function errors(name: string): string[] | undefined {
    if (name in checked) {
      const message = checked[name];
      return message ? [message] : undefined;
    }
    const messages = server[name];
    return messages?.length ? messages : undefined;
  }

  /** What the seller typed into a field, when the form came back to them. */
  function value(name: string): string | undefined {
    const typedValue = typed[name];
    if (typeof typedValue === 'string') return typedValue;
    return Array.isArray(typedValue) && typeof typedValue[0] === 'string' ? typedValue[0] : undefined;
  }

  /** Every value typed or ticked under a name (checkboxes). */
  function values(name: string): string[] {
    const typedValue = typed[name];
    if (typeof typedValue === 'string') return [typedValue];
    return Array.isArray(typedValue) ? typedValue.filter((v): v is string => typeof v === 'string') : [];
  }

  const run = (name: string, field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) =>
    rules[name]!(field.value, field.form ? new FormData(field.form) : new FormData());

  /**
   * A field's rule, run as the seller leaves the field and, once it has been checked (or came back
   * with an error), again as they type, so an error goes as soon as it is mended.
   */
  function check(name: string) {
    if (!rules[name]) return {};
    return {
      onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
        const message = run(name, event.currentTarget);
        setChecked((current) => ({ ...current, [name]: message }));
      },
      onInput: (event: FormEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
        const field = event.currentTarget;
        setChecked((current) => (name in current || server[name]?.length ? { ...current, [name]: run(name, field) } : current));
      },
    };
  }

  /** Stops a post the browser can already tell is wrong, saying why by each field. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule(String(data.get(name) ?? ''), data)]));
    const first = Object.keys(found).find((name) => found[name]);
    if (!first) return;
    event.preventDefault();
    setChecked(found);
    focusField(form, first);
  }

  return {
    /**
     * The form came back with what the seller sent: its choices stand in for what was saved before,
     * even a box left unticked (which sends nothing).
     */
    replied: !!reply?.initialValue,
    /** Errors of the whole form: the platform failed, or refused what was asked. */
    formErrors: server['']?.length ? server[''] : undefined,
    errors,
    value,
    values,
    check,
    /**
     * For the <Form>. The browser's own checks stay off, with or without scripts (as conform had
     * them): the server's message, in the product's words and by the field, is what the seller reads;
     * `required` and `type` stay on the inputs for what they tell assistive technology.
     */
    formProps: { ref: formRef, noValidate: true, onSubmit },
  };
}

function focusField(form: HTMLFormElement | null, name: string) {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
