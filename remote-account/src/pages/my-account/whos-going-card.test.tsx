import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { WhosGoingCard } from './whos-going-card';

jest.setTimeout(20_000);
withSignedInApi();

const SWITCH = "Show me in Who's going of the events I attend";

describe('WhosGoingCard', () => {
  it('shows the stored default (off) and saves it as it is switched, showing what the API stored', async () => {
    let stored = false;
    const api = fakeApi({
      'GET api/user/whos-going': () => ({ body: { shownByDefault: stored } }),
      'PUT api/user/whos-going': ({ body }) => {
        stored = (body as { shownByDefault: boolean }).shownByDefault;
        return { body: { shownByDefault: stored } };
      },
    });
    const { container } = renderPage(<WhosGoingCard />, { user: aUser() });
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(toggle).not.toBeChecked();
    expect(await seriousAxeViolations(container)).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.click(toggle);
    expect(await screen.findByText(/Events you attend from now on show your first name/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: SWITCH })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: SWITCH }));
    expect(await screen.findByText('Events you attend from now on do not name you.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: SWITCH })).not.toBeChecked();
    expect(api.bodies('PUT api/user/whos-going')).toEqual([{ shownByDefault: true }, { shownByDefault: false }]);
  });

  it('says when the choice could not be saved, and the switch stays as stored', async () => {
    fakeApi({
      'GET api/user/whos-going': { body: { shownByDefault: true } },
      'PUT api/user/whos-going': { status: 500, body: { message: 'Database unavailable', details: [] } },
    });
    renderPage(<WhosGoingCard />, { user: aUser() });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('switch', { name: SWITCH }));
    expect(await screen.findByText('Could not save your choice')).toBeInTheDocument();
    expect(screen.getByText(/Database unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: SWITCH })).toBeChecked();
  });

  it('says when the default could not be loaded, and loads it again on request', async () => {
    const api = fakeApi({ 'GET api/user/whos-going': { status: 500, body: { message: 'Down', details: [] } } });
    renderPage(<WhosGoingCard />, { user: aUser() });
    expect(await screen.findByText('Could not load your choice')).toBeInTheDocument();
    api.set({ 'GET api/user/whos-going': { body: { shownByDefault: false } } });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: SWITCH })).toBeInTheDocument());
  });
});
