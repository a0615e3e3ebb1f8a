import { useCallback, useRef, useState } from 'react';

export type FieldErrors<K extends string> = Partial<Record<K, string | undefined>>;

/**
 * Small form state for the account screens: values, which fields were left (blurred), whether a
 * submit was tried, and a guard so a second press while a request runs does nothing. Errors show
 * under a field once it was left or a submit was tried, then update live.
 */
export function useForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => FieldErrors<K>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const inputs = useRef<Partial<Record<K, HTMLInputElement | HTMLSelectElement | null>>>({});

  const errors = validate(values);
  const shownError = (key: K) => (touched[key] || submitted ? errors[key] : undefined);

  const field = (key: K) => ({
    value: values[key],
    onChange: (_event: unknown, data: { value: string }) => setValues((v) => ({ ...v, [key]: data.value })),
    onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
      inputs.current[key] = element;
    },
  });

  /** Props for a Fluent Field: its error message and state. */
  const fieldState = (key: K) => {
    const message = shownError(key);
    return message ? { validationMessage: message, validationState: 'error' as const } : {};
  };

  /**
   * Runs `action` when every field is valid and nothing is running yet; otherwise shows the
   * errors and moves focus to the first invalid field.
   */
  const submit = useCallback(
    async (action: (values: Record<K, string>) => Promise<void>) => {
      if (running.current) return;
      setSubmitted(true);
      const found = validate(values);
      const firstInvalid = (Object.keys(values) as K[]).find((key) => found[key]);
      if (firstInvalid) {
        inputs.current[firstInvalid]?.focus();
        return;
      }
      running.current = true;
      setPending(true);
      try {
        await action(values);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [validate, values],
  );

  return { values, setValues, errors, field, fieldState, submit, pending, submitted };
}
