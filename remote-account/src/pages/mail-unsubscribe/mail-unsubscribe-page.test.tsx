import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { renderPage } from '@hub/ui/testing/render-page';
import MailUnsubscribePage, { stoppedMailName } from './mail-unsubscribe-page';

jest.setTimeout(20_000);

const newsOf = (stopped: boolean) => ({
  kind: 'community-news',
  community: { id: 2, name: 'Java Community' },
  stopped,
  newsChoiceBefore: 'now',
});

describe('MailUnsubscribePage', () => {
  it('stops what the token names once, says what, and undoes it restoring the earlier choice', async () => {
    const api = fakeApi({
      'POST api/mail/unsubscribe': { body: newsOf(true) },
      'POST api/mail/resubscribe': { body: newsOf(false) },
    });
    const { container } = renderPage(<MailUnsubscribePage />, { url: '/account/unsubscribe?token=abc.def.ghi' });
    expect(await screen.findByText('You will no longer get news of Java Community')).toBeInTheDocument();
    expect(api.requests('POST api/mail/unsubscribe').map((r) => r.route)).toEqual([
      'POST api/mail/unsubscribe?token=abc.def.ghi',
    ]);
    expect(await seriousAxeViolations(container)).toEqual([]);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('You will get news of Java Community again.')).toBeInTheDocument();
    expect(api.bodies('POST api/mail/resubscribe')).toEqual([{ newsChoice: 'now' }]);
    expect(screen.getByRole('link', { name: 'Choose which mails you get' })).toHaveAttribute(
      'href',
      '/my-account#mail-preferences',
    );
  });

  it("shows the API's message for a changed link, and a page without a token says the link is not complete", async () => {
    fakeApi({
      'POST api/mail/unsubscribe': {
        status: 400,
        body: { message: 'This unsubscribe link is not valid: it was changed or cut short.', details: [] },
      },
    });
    renderPage(<MailUnsubscribePage />, { url: '/account/unsubscribe?token=changed' });
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nothing was stopped' })).toBeInTheDocument();
  });

  it('a page without a token says the link is not complete', () => {
    fakeApi({});
    renderPage(<MailUnsubscribePage />, { url: '/account/unsubscribe' });
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not complete' })).toBeInTheDocument();
  });

  it('names each kind of mail', () => {
    expect(stoppedMailName({ kind: 'reminders', community: null })).toBe('reminders before your events');
    expect(stoppedMailName({ kind: 'digest', community: null })).toBe('the weekly digest');
    expect(stoppedMailName({ kind: 'community-news', community: null })).toBe('news from your communities');
  });
});
