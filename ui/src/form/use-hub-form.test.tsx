import { Input } from '@fluentui/react-components';
import { screen, waitFor } from '@testing-library/react';
import { useFieldArray } from 'react-hook-form';
import userEvent from '@testing-library/user-event';
import { Type } from '@sinclair/typebox';
import { ImageUrl, Name } from '@hub/contract/common';
import { apiFetch } from '@hub/shared';
import { deferred } from '../testing/deferred';
import { fakeApi } from '../testing/fake-api';
import { renderPage } from '../testing/render-page';
import { FormField } from './form-field';
import { FormProblem } from './form-problem';
import { SubmitButton } from './submit-button';
import { useHubForm } from './use-hub-form';

const Schema = Type.Object({ title: Name(20), imageUrl: ImageUrl });

function DemoForm() {
  const { form, submit, pending, problem } = useHubForm({
    schema: Schema,
    defaultValues: { title: '', imageUrl: '' },
    fields: { title: { label: 'Title', messages: { required: 'Enter a title.' } }, imageUrl: { label: 'Image URL' } },
  });
  const onSubmit = submit(async (values) => {
    await apiFetch('api/demo', { method: 'POST', body: JSON.stringify(values) });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField control={form.control} name="title" label="Title" required>
        {(props) => <Input {...props} />}
      </FormField>
      <FormField control={form.control} name="imageUrl" label="Image URL">
        {(props) => <Input {...props} />}
      </FormField>
      <FormProblem problem={problem} />
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

const title = () => screen.getByRole('textbox', { name: /Title/ });
const imageUrl = () => screen.getByRole('textbox', { name: 'Image URL' });
const save = () => screen.getByRole('button', { name: /Save/ });

describe('useHubForm with FormField', () => {
  it('shows the wording of the form on the field, marks it invalid and focuses the first invalid field', async () => {
    const api = fakeApi({ 'POST api/demo': { body: {} } });
    renderPage(<DemoForm />);
    // Pasted, not typed key by key: what is checked is the wording, and on a loaded two-core CI
    // machine typing 19 keys through the form's re-renders took longer than the test's 5 s.
    await userEvent.click(imageUrl());
    await userEvent.paste('javascript:alert(1)');
    await userEvent.click(save());
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(title()).toHaveAttribute('aria-invalid', 'true');
    expect(title()).toHaveFocus();
    expect(screen.getByText('Enter an image address starting with https://, or leave it empty.')).toBeInTheDocument();
    expect(imageUrl()).toHaveAttribute('aria-invalid', 'true');
    expect(api.count('POST api/demo')).toBe(0);
  });

  it.each([
    ['U+0000', 'Ada\u0000'],
    ['only a zero-width space', '\u200b'],
  ])('refuses a name the API refuses (%s) with a sentence, not TypeBox’s text', async (_label, value) => {
    renderPage(<DemoForm />);
    await userEvent.click(title());
    await userEvent.paste(value);
    await userEvent.click(save());
    expect(
      await screen.findByText('Title needs at least one letter, on one line, without invisible or control characters.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Expected/)).not.toBeInTheDocument();
  });

  it('says how long a value may be', async () => {
    renderPage(<DemoForm />);
    await userEvent.click(title());
    await userEvent.paste('A'.repeat(21));
    await userEvent.click(save());
    expect(await screen.findByText('Title can have at most 20 characters.')).toBeInTheDocument();
  });

  it('submits once however often the button is pressed, and shows a spinner meanwhile', async () => {
    const held = deferred<{ body: unknown }>();
    const api = fakeApi({ 'POST api/demo': () => held.promise });
    renderPage(<DemoForm />);
    await userEvent.type(title(), 'Quiz night');
    await userEvent.dblClick(save());
    await userEvent.click(screen.getByRole('button', { name: /Saving…/ }));
    expect(screen.getByRole('button', { name: /Saving…/ })).toHaveAttribute('aria-disabled', 'true');
    held.resolve({ body: {} });
    await screen.findByRole('button', { name: 'Save' });
    expect(api.count('POST api/demo')).toBe(1);
  });

  it("puts a 400's details on the fields they name, and the rest above the button", async () => {
    fakeApi({
      'POST api/demo': {
        status: 400,
        body: {
          message: 'The request is invalid',
          details: ['body/imageUrl must be empty or an https: address', 'body must NOT have additional properties'],
        },
      },
    });
    renderPage(<DemoForm />);
    await userEvent.type(title(), 'Quiz night');
    await userEvent.click(save());
    expect(await screen.findByText('Image URL must be empty or an https: address.')).toBeInTheDocument();
    await waitFor(() => expect(imageUrl()).toHaveFocus());
    expect(imageUrl()).toHaveAttribute('aria-invalid', 'true');
    const problem = document.querySelector('[data-form-problem]')!;
    expect(problem).toHaveTextContent('The request is invalid');
    expect(problem).toHaveTextContent('body must NOT have additional properties');
  });
});

const ListSchema = Type.Object({
  startsOn: Type.String({ minLength: 1 }),
  endsOn: Type.String({ minLength: 1 }),
  places: Type.Array(Type.Object({ city: Name(20), seats: Type.String() }), { minItems: 1 }),
});

/** A form with a list (react-hook-form's useFieldArray), as the event form's locations. */
function ListForm() {
  const { form, submit, pending, problem } = useHubForm({
    schema: ListSchema,
    defaultValues: {
      startsOn: '2030-01-02',
      endsOn: '2030-01-01',
      places: [
        { city: '', seats: '' },
        { city: '  Utrecht  ', seats: '5' },
      ],
    },
    fields: {
      startsOn: { label: 'Start' },
      endsOn: { label: 'End' },
      places: { label: 'Places' },
      'places.*.city': { label: 'City', messages: { required: 'Enter a city.' } },
      'places.*.seats': { label: 'Seats' },
    },
    check: (values) => ({
      endsOn: values.endsOn < values.startsOn ? 'End after start, please.' : undefined,
      ...Object.fromEntries(
        values.places.map((p, i) => [`places.${i}.seats`, p.seats === '5' ? 'Five is not allowed.' : undefined]),
      ),
    }),
    serverPaths: { when: 'startsOn' },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'places' });
  const onSubmit = submit(async (values) => {
    await apiFetch('api/demo', { method: 'POST', json: values });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField control={form.control} name="startsOn" label="Start">
        {(props) => <Input {...props} />}
      </FormField>
      <FormField control={form.control} name="endsOn" label="End">
        {(props) => <Input {...props} />}
      </FormField>
      {fields.map((field, i) => (
        <div key={field.id}>
          <FormField control={form.control} name={`places.${i}.city`} label={`City ${i + 1}`}>
            {(props) => <Input {...props} />}
          </FormField>
          <FormField control={form.control} name={`places.${i}.seats`} label={`Seats ${i + 1}`}>
            {(props) => <Input {...props} />}
          </FormField>
        </div>
      ))}
      <FormProblem problem={problem} />
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

describe('useHubForm with a list of items', () => {
  it("words each item's problems on that item's field, and the form's own rules by path", async () => {
    const api = fakeApi({ 'POST api/demo': { body: {} } });
    renderPage(<ListForm />);
    await userEvent.click(save());
    expect(await screen.findByText('Enter a city.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'City 2' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('Five is not allowed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Seats 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('End after start, please.')).toBeInTheDocument();
    expect(api.count('POST api/demo')).toBe(0);
  });

  it("trims the items' texts and puts a 400's details on the item fields they name", async () => {
    const api = fakeApi({
      'POST api/demo': {
        status: 400,
        body: {
          message: 'The request is invalid',
          details: [
            'body/places/1/city is required for an in-person location',
            'body/endsOn must not be before body/when',
          ],
        },
      },
    });
    renderPage(<ListForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'City 1' }), 'Paris');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Seats 2' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'End' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'End' }), '2030-01-03');
    await userEvent.click(save());
    expect(await screen.findByText('City is required for an in-person location.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City 2' })).toHaveAttribute('aria-invalid', 'true');
    // Another field named in the reason is said by its label (through serverPaths: when → startsOn → Start).
    expect(screen.getByText('End must not be before start.')).toBeInTheDocument();
    expect(api.bodies('POST api/demo')).toEqual([
      {
        startsOn: '2030-01-02',
        endsOn: '2030-01-03',
        places: [
          { city: 'Paris', seats: '' },
          { city: 'Utrecht', seats: '' },
        ],
      },
    ]);
  });
});
