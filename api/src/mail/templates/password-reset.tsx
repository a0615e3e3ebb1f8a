/** The link that sets a new password. */
import { MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { renderMail } from './render-mail.ts';

export function passwordResetMail(input: { link: string }) {
  return renderMail(
    'Reset your password',
    <MailLayout
      preview="Choose a new password"
      heading="Reset your password"
      why="You receive this e-mail because someone asked to reset the password of the Community Hub account with this address."
    >
      <Paragraph>Someone asked to reset the password of your Community Hub account.</Paragraph>
      <Paragraph>Choose a new password here:</Paragraph>
      <UrlLine href={input.link} />
      <Paragraph>If this was not you, ignore this e-mail.</Paragraph>
    </MailLayout>,
  );
}
