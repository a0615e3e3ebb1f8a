/** The link that confirms a new account's e-mail address. */
import { MailLayout, Paragraph, UrlLine } from './layout.tsx';
import { renderMail } from './render-mail.ts';

export function accountVerificationMail(input: { link: string }) {
  return renderMail(
    'Confirm your e-mail address',
    <MailLayout
      preview="One step left: confirm your address"
      heading="Confirm your e-mail address"
      why="You receive this e-mail because this address was used to create a Community Hub account. If that was not you, ignore it."
    >
      <Paragraph>Welcome to Community Hub.</Paragraph>
      <Paragraph>Confirm your e-mail address by opening this link:</Paragraph>
      <UrlLine href={input.link} />
    </MailLayout>,
  );
}
