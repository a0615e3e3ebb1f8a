/**
 * The only interaction: an account chooser listing the demo work accounts. One click signs in
 * (no password). It answers the `login` prompt (no session yet) and the `select_account` prompt
 * (asked for with `prompt=select_account`, shown even when a session exists). A consent-only
 * interaction is completed without a page: the client is first-party (see loadExistingGrant).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { DIRECTORY_NAMES, WORK_ACCOUNTS, displayName, findWorkAccount } from './accounts.ts';
import { escapeHtml, page } from './provider.ts';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

async function readForm(req: IncomingMessage, limit = 8 * 1024): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function renderChooser(uid: string, loginHint: string | undefined, currentAccountId: string | undefined): string {
  const hint = loginHint?.toLowerCase();
  const items = WORK_ACCOUNTS.map((a) => {
    const marks = [a.oid === currentAccountId ? 'signed in' : '', a.email === hint ? 'suggested' : ''].filter(Boolean);
    const org = DIRECTORY_NAMES[a.directory];
    return `<li><button type="submit" name="account" value="${escapeHtml(a.oid)}" aria-label="Sign in as ${escapeHtml(displayName(a))}, ${escapeHtml(a.email)}${a.directory === 'foreign' ? ` (${escapeHtml(org)})` : ''}${marks.length ? ` (${marks.join(', ')})` : ''}">
  <span class="name">${escapeHtml(displayName(a))}</span>
  <span class="mail">${escapeHtml(a.email)}${marks.length ? ` · ${marks.join(', ')}` : ''}</span>
  <span class="org">${escapeHtml(org)}</span>
</button></li>`;
  }).join('\n');
  return page(
    'Pick an account',
    `<h1 id="title">Pick an account</h1>
<p>Local work-account sign-in for Community Hub. Choose a demo account; no password is needed.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/select" aria-labelledby="title">
<ul>
${items}
</ul>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

/** `rest` is what follows `/interaction/`: `<uid>`, `<uid>/select` or `<uid>/abort`. */
export async function handleInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
): Promise<void> {
  const [uid, action] = rest.split('/');
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    res.writeHead(400, PAGE_HEADERS);
    res.end(
      page('Sign-in expired', '<h1>This sign-in has expired</h1><p>Go back to the application and start again.</p>'),
    );
    return;
  }
  if (details.uid !== uid) {
    res.writeHead(400, PAGE_HEADERS);
    res.end(
      page(
        'Sign-in mismatch',
        '<h1>This sign-in does not match</h1><p>Go back to the application and start again.</p>',
      ),
    );
    return;
  }

  if (req.method === 'GET' && action === undefined) {
    if (details.prompt.name === 'consent') {
      await provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
      return;
    }
    const loginHint = typeof details.params['login_hint'] === 'string' ? details.params['login_hint'] : undefined;
    res.writeHead(200, PAGE_HEADERS);
    res.end(renderChooser(details.uid, loginHint, details.session?.accountId));
    return;
  }

  if (req.method === 'POST' && action === 'select') {
    const form = await readForm(req);
    const account = findWorkAccount(form.get('account') ?? '');
    if (!account) {
      res.writeHead(400, PAGE_HEADERS);
      res.end(page('Unknown account', '<h1>Unknown account</h1><p>Go back and pick one of the listed accounts.</p>'));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { select_account: {}, login: { accountId: account.oid, remember: true }, consent: {} },
      { mergeWithLastSubmission: false },
    );
    return;
  }

  if (req.method === 'POST' && action === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }

  res.writeHead(405, { ...PAGE_HEADERS, allow: 'GET, POST' });
  res.end(page('Not allowed', '<h1>Not allowed</h1>'));
}
