/**
 * The one way a form is built: react-hook-form, checked against a contract schema by
 * @hookform/resolvers/typebox with the API's own string formats registered, so what the form lets
 * through the API accepts. Messages are reworded for people (field-messages.ts), the first invalid
 * field takes focus on submit, a submit runs once however often the button is pressed, and a 400's
 * details land on the fields they name (the rest above the buttons).
 */
import { useCallback, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { typeboxResolver } from '@hookform/resolvers/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { registerTextFormats } from '@hub/contract/register-text-formats';
import { toNormalisedError } from '@hub/shared';
import { describeProblem, type FieldMessages } from './field-messages';
import { splitServerDetails } from './server-details';

export interface FieldSetup {
  /** The field's label, also used in the messages ("First name can have at most 100 characters."). */
  label: string;
  /** The form's own wording for some problems ('required': 'Enter your first name.'). */
  messages?: FieldMessages;
  /** Keep leading and trailing spaces (passwords); other text is checked and submitted trimmed, as the API stores it. */
  keepSpaces?: boolean;
}

export interface FormProblem {
  message: string;
  details: string[];
}

export interface HubFormOptions<S extends TObject> {
  schema: S;
  defaultValues: DefaultValues<Static<S>>;
  fields: { [K in keyof Static<S> & string]?: FieldSetup };
  /** Rules the schema cannot say (a repeated password, the password policy): field → message. */
  check?: (values: Static<S>) => Partial<Record<keyof Static<S> & string, string | undefined>>;
}

// Webpack replaces process.env.NODE_ENV in builds; jest sets 'test'.
const production = typeof process !== 'undefined' && process.env.NODE_ENV === 'production';

export function useHubForm<S extends TObject>({ schema, defaultValues, fields, check }: HubFormOptions<S>) {
  type Values = Static<S>;
  type Name = keyof Values & string;
  registerTextFormats({ production });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const labelOf = (name: string) => (fields as Record<string, FieldSetup | undefined>)[name]?.label ?? name;

  const resolver = useCallback<Resolver<Values>>(
    async (values, context, options) => {
      const base = typeboxResolver(schema) as unknown as Resolver<Values>;
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'string' && !(fields as Record<string, FieldSetup | undefined>)[name]?.keepSpaces
            ? value.trim()
            : value,
        ]),
      ) as Values;
      const result = await base(trimmed, context, options);
      const errors: Record<string, { type: string; message: string }> = {};
      for (const name of Object.keys(result.errors)) {
        const setup = (fields as Record<string, FieldSetup | undefined>)[name];
        const value = (trimmed as Record<string, unknown>)[name];
        errors[name] = {
          type: 'schema',
          message: describeProblem(schema.properties[name], value, setup?.label ?? name, setup?.messages),
        };
      }
      for (const [name, message] of Object.entries(check?.(trimmed) ?? {})) {
        if (message && !errors[name]) errors[name] = { type: 'check', message };
      }
      return Object.keys(errors).length === 0
        ? { values: trimmed, errors: {} }
        : { values: {}, errors: errors as unknown as FieldErrors<Values> };
    },
    // The schema, labels and checks are fixed for a form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema],
  );

  const form = useForm<Values>({ resolver, defaultValues, mode: 'onTouched', shouldFocusError: true });

  /** Puts a failed request's 400 details on the fields they name (focusing the first); returns the other details. */
  const placeOnFields = useCallback(
    (error: unknown): string[] => {
      const normalised = toNormalisedError(error);
      if (normalised.status !== 400) return normalised.details;
      const names = Object.keys(schema.properties);
      const labels = Object.fromEntries(names.map((n) => [n, labelOf(n)]));
      const { byField, rest } = splitServerDetails(normalised.details, names, labels);
      Object.entries(byField).forEach(([name, message], index) =>
        form.setError(name as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      return rest;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, schema],
  );

  /** A failure's details on their fields; what no field explains above the buttons. */
  const showFailure = useCallback(
    (error: unknown) => {
      const normalised = toNormalisedError(error);
      const rest = placeOnFields(error);
      if (rest.length > 0 || rest.length === normalised.details.length) {
        setProblem({ message: normalised.message, details: rest });
      }
    },
    [placeOnFields],
  );

  /**
   * The form's onSubmit: checks the fields, then runs `action` once; a submit while one runs is
   * ignored (react-hook-form's own isSubmitting would be reset by the ignored one, hence `pending`).
   * A failure is shown by `onFailure` when it returns true (identity errors a screen words itself),
   * else on the fields and above the buttons.
   */
  const submit =
    (action: (values: Values) => Promise<void> | void, onFailure?: (error: unknown) => boolean | void) =>
    async (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      if (running.current) return;
      running.current = true;
      try {
        await form.handleSubmit(async (values) => {
          setPending(true);
          setProblem(null);
          try {
            await action(values);
          } catch (error) {
            if (!onFailure?.(error)) showFailure(error);
          } finally {
            setPending(false);
          }
        })();
      } finally {
        running.current = false;
      }
    };

  return {
    form,
    submit,
    pending,
    problem,
    setProblem,
    showFailure,
    placeOnFields,
    labelOf: labelOf as (name: Name) => string,
  };
}

export type HubForm<S extends TObject> = ReturnType<typeof useHubForm<S>>;
