import { Link } from 'react-router';
import { Body1, mergeClasses } from '@fluentui/react-components';
import { appConfigAtom, routePaths, useAtomValue } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { Heading } from '@hub/ui/heading';

/** The privacy policy: which personal data the product keeps, why, how long, and the user's rights. */
export function PrivacyPage() {
  const styles = usePageStyles();
  const config = useAtomValue(appConfigAtom);
  const product = config.product.name;
  // Issue 28: the operator's legal facts come from the deploy-time configuration (app-config.json).
  const { controller: namedController, contact, attendeeRetentionMonths: months } = config.privacy;
  usePageTitle('Privacy Policy');
  const controller = namedController ?? `The organisation that operates ${product}`;
  return (
    <article className={mergeClasses(styles.page, styles.reading)} aria-labelledby="privacy-title">
      <Heading level={1} id="privacy-title" className={styles.heading}>
        Privacy Policy
      </Heading>
      <Body1 as="p" block className={styles.text}>
        This policy explains which personal data {product} processes when you browse it, create an account, join
        communities and networks or attend events, why it does so and what your rights are.
      </Body1>

      <section className={styles.section} aria-labelledby="privacy-controller">
        <Heading level={2} id="privacy-controller" className={styles.heading}>
          Who is responsible
        </Heading>
        <Body1 as="p" block className={styles.text}>
          {controller} is the controller of the personal data described here. How to contact them is set out under{' '}
          <Link className={styles.link} to="#privacy-contact">
            Contact
          </Link>{' '}
          below.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="privacy-data">
        <Heading level={2} id="privacy-data" className={styles.heading}>
          What we process
        </Heading>
        <ul className={styles.bullets}>
          <li>
            <strong>Account data</strong>: your e-mail address, your name and whether your e-mail address is verified.
            Passwords are handled by our identity provider; {product} never sees or stores them. If you sign in with
            your work account, we receive your name, e-mail address and account identifier from the company&apos;s
            identity service.
          </li>
          <li>
            <strong>Profile data</strong>: first and last name, phone number, city and profile picture, as far as you or
            your work account provide them.
          </li>
          <li>
            <strong>Memberships and roles</strong>: the communities and networks you joined, whether you are a core
            member or community lead, and your access level.
          </li>
          <li>
            <strong>Attendance</strong>: the events you registered for and, for in-person events, the location you
            chose, and when you were checked in.
          </li>
          <li>
            <strong>Technical data</strong>: the sign-in token your browser sends with each request, and server logs of
            requests and errors. Your browser also keeps a few settings on your device: the last page you visited (to
            return you there after signing in), your light or dark theme choice and a flag used while your account is
            being set up. We use no advertising or tracking cookies.
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="privacy-why">
        <Heading level={2} id="privacy-why" className={styles.heading}>
          Why, and on what legal basis
        </Heading>
        <ul className={styles.bullets}>
          <li>
            To give you an account and the service you ask for: joining communities, registering for events and choosing
            a location. The basis is the performance of the service you signed up for.
          </li>
          <li>
            To let organisers run their events: core members of the hosting community see who registered and at which
            location, so they can plan rooms, catering and access.
          </li>
          <li>
            To keep the platform secure and working: verifying sign-ins, enforcing access levels and investigating
            errors. The basis is the operator&apos;s legitimate interest in a secure service.
          </li>
        </ul>
        <Body1 as="p" block className={styles.text}>
          Your data is not sold, not used for advertising and not shared outside the organisation, except with the
          service providers that host the platform and its sign-in on the operator&apos;s behalf.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="privacy-retention">
        <Heading level={2} id="privacy-retention" className={styles.heading}>
          How long we keep it
        </Heading>
        <Body1 as="p" block className={styles.text}>
          Account, profile and membership data is kept for as long as your account exists. When you leave a community,
          that membership is removed. Who attended an event is kept for {months} {months === 1 ? 'month' : 'months'}{' '}
          after the event ended; after that, attendances are kept only as anonymous numbers (how many attended and were
          checked in), without your name or e-mail address. When your account is deleted, your profile, memberships and
          registrations for upcoming events are deleted with it, and your attendance of past events is kept only as such
          an anonymous number. Server logs are kept only as long as needed to run and secure the service. The last
          visited page stored in your browser is removed when you log out; your theme choice stays until you clear your
          browser data.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="privacy-rights">
        <Heading level={2} id="privacy-rights" className={styles.heading}>
          Your rights
        </Heading>
        <Body1 as="p" block className={styles.text}>
          You can see and correct most of your data yourself on{' '}
          <Link className={styles.link} to={routePaths.myAccount()}>
            My account
          </Link>
          . There you can also download everything {product} holds about you (as a JSON file and a calendar file) and
          delete your account yourself. You also have the right to ask for a copy of your data, to have it corrected or
          erased, to restrict or object to its processing and to receive it in a portable format. You may also lodge a
          complaint with your data protection supervisory authority.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="privacy-contact">
        <Heading level={2} id="privacy-contact" className={styles.heading}>
          Contact
        </Heading>
        <Body1 as="p" block className={styles.text}>
          {contact ? (
            <>
              For questions about this policy or to exercise your rights, write to{' '}
              <a className={styles.link} href={`mailto:${contact}`}>
                {contact}
              </a>
              .
            </>
          ) : (
            <>
              The privacy contact for this installation has not been published by its operator yet. Until it is, please
              raise questions about this policy or your rights with your platform administrator.
            </>
          )}
        </Body1>
      </section>
    </article>
  );
}

export default PrivacyPage;
