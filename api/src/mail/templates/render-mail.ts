/**
 * One template, two parts: the HTML React Email renders, and the plain text made from that same
 * HTML (React Email's toPlainText, html-to-text underneath), so the two never say different things.
 */
import { render, toPlainText } from '@react-email/components';
import type { ReactElement } from 'react';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  const text = toPlainText(html, {
    wordwrap: false,
    // Headings as written: capitals read as shouting in a plain-text mail.
    selectors: ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
  });
  return { subject, html, text: `${text.trim()}\n` };
}
