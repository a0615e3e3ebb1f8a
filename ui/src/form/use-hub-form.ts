/**
 * The one way a form is built: react-hook-form, checked against a contract schema by
 * @hookform/resolvers/typebox with the API's own string formats registered, so what the form lets
 * through the API accepts. Messages are reworded for people (field-messages.ts), the first invalid
 * field takes focus on submit, a submit runs once however often the button is pressed, and a 400's
 * details land on the fields they name (the rest above the buttons). Fields inside lists (an
 * event's locations, react-hook-form's useFieldArray) are checked, worded and placed the same way.
 */
import { useCallback, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { typeboxResolver } from '@hookform/resolvers/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { registerTextFormats } from '@hub/contract/register-text-formats';
import { toNormalisedError, useOnline } from '@hub/shared';
import { describeProblem, type FieldMessages } from './field-messages';
import { errorPaths, schemaAt, setAt, setupKeyOf, trimTexts, valueAt } from './field-paths';
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

/**
 * Each field's setup by name; a field of every item of a list by its path with `*` for the index
 * ('locations.*.cityName').
 */
export type FieldSetups<S extends TObject> = { [K in keyof Static<S> & string]?: FieldSetup } & {
  [itemField: `${string}.*.${string}`]: FieldSetup | undefined;
};

export interface HubFormOptions<S extends TObject> {
  schema: S;
  defaultValues: DefaultValues<Static<S>>;
  fields: FieldSetups<S>;
  /**
   * Rules the schema cannot say (a repeated password, the password policy, an end after its start):
   * field path ('endTime', 'locations.1.capacity') → message.
   */
  check?: (values: Static<S>) => Partial<Record<Path<Static<S>>, string | undefined>>;
  /**
   * Where a 400 detail about an API field the form holds differently belongs: API path → form path
   * (an event's `startsAt` is typed as a date and a time: 'startsAt' → 'startDate').
   */
  serverPaths?: Record<string, string>;
}

// Webpack replaces process.env.NODE_ENV in builds; jest sets 'test'.
const production = typeof process !== 'undefined' && process.env.NODE_ENV === 'production';

export function useHubForm<S extends TObject>({
  schema,
  defaultValues,
  fields,
  check,
  serverPaths = {},
}: HubFormOptions<S>) {
  type Values = Static<S>;
  type Name = keyof Values & string;
  registerTextFormats({ production });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  // Offline, the submit button is disabled and says why (SubmitButton); Enter in a field is ignored too.
  const online = useOnline();

  const setupOf = (path: string) => (fields as Record<string, FieldSetup | undefined>)[setupKeyOf(path)];
  const labelOf = (path: string) => setupOf(path)?.label ?? path;
  /** A list's own error (too few items) is react-hook-form's `<list>.root`. */
  const errorPathOf = (path: string) => (schemaAt(schema, path)?.['type'] === 'array' ? `${path}.root` : path);

  const resolver = useCallback<Resolver<Values>>(
    async (values, context, options) => {
      const base = typeboxResolver(schema) as unknown as Resolver<Values>;
      const trimmed = trimTexts(values, (path) => setupOf(path)?.keepSpaces === true) as Values;
      const result = await base(trimmed, context, options);
      const errors: Record<string, unknown> = {};
      let count = 0;
      // Items' fields before their list's own error, so the list's error lands on the array of them.
      const paths = errorPaths(result.errors).sort((a, b) => b.split('.').length - a.split('.').length);
      const failed = new Set<string>();
      for (const path of paths) {
        const setup = setupOf(path);
        const message = describeProblem(
          schemaAt(schema, path),
          valueAt(trimmed, path),
          setup?.label ?? path,
          setup?.messages,
        );
        setAt(errors, errorPathOf(path), { type: 'schema', message });
        failed.add(path);
        count += 1;
      }
      for (const [path, message] of Object.entries(check?.(trimmed) ?? {})) {
        if (typeof message !== 'string' || failed.has(path)) continue;
        setAt(errors, errorPathOf(path), { type: 'check', message });
        count += 1;
      }
      return count === 0
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
      const { byField, rest } = splitServerDetails(normalised.details, names, labelOf, serverPaths);
      Object.entries(byField).forEach(([path, message], index) =>
        form.setError(errorPathOf(path) as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
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
      if (running.current || !online) return;
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
