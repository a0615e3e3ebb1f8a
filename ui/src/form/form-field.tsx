import type { ReactElement } from 'react';
import { Field, type FieldProps } from '@fluentui/react-components';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** What a control needs from its field: Fluent's `(event, { value })` change and the focus target. */
export interface BoundControlProps {
  name: string;
  value: string;
  onChange: (event: unknown, data: { value: string }) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
  'aria-invalid': boolean;
}

export interface FormFieldProps<V extends FieldValues> {
  control: Control<V>;
  name: Path<V>;
  label: string;
  required?: boolean;
  hint?: FieldProps['hint'];
  className?: string;
  /** Fluent's Field orientation and size pass through. */
  orientation?: FieldProps['orientation'];
  /** Renders the control (Input, Textarea, Select…) with the props it is bound by. */
  children: (control: BoundControlProps) => ReactElement;
}

/**
 * The one binding between a react-hook-form field and Fluent's Field: the label, the required mark,
 * the validation message under the control and `aria-invalid` on it. Values are kept as text, as
 * the controls hold them; the page converts them where the API wants something else.
 */
export function FormField<V extends FieldValues>({
  control,
  name,
  label,
  required,
  hint,
  className,
  orientation,
  children,
}: FormFieldProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <Field
            label={label}
            required={required}
            hint={hint}
            className={className}
            orientation={orientation}
            validationMessage={message}
            validationState={message ? 'error' : 'none'}
          >
            {children({
              name: field.name,
              value: (field.value as string | null | undefined) ?? '',
              onChange: (_event, data) => field.onChange(data.value),
              onBlur: field.onBlur,
              ref: field.ref,
              'aria-invalid': Boolean(message),
            })}
          </Field>
        );
      }}
    />
  );
}
