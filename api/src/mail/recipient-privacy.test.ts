import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskAddress, maskAddresses } from './recipient-privacy.ts';

describe('recipient privacy in the outbox logs', () => {
  it('keeps the first letter and the domain of an address', () => {
    assert.equal(maskAddress('jane.doe@example.com'), 'j***@example.com');
    assert.equal(maskAddress('not-an-address'), '***');
  });

  it('masks every address an SMTP error quotes', () => {
    assert.equal(
      maskAddresses('550 5.1.1 <jane.doe@example.com>: Recipient address rejected; from hub@corp.example'),
      '550 5.1.1 <j***@example.com>: Recipient address rejected; from h***@corp.example',
    );
  });
});
