import { Input } from '@fluentui/react-components';
import { screen, waitFor } from '@testing-library/react';
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
    await userEvent.type(imageUrl(), 'javascript:alert(1)');
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
    await userEvent.type(title(), 'A'.repeat(21));
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
