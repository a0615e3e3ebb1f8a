import { Link } from 'react-router';
import { Body1, mergeClasses } from '@fluentui/react-components';
import { appConfigAtom, routePaths, useAtomValue } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { Heading } from '@hub/ui/heading';

/** How a core member hosts an event, from the role needed to the day itself. */
export function HostingEventPage() {
  const styles = usePageStyles();
  const product = useAtomValue(appConfigAtom).product.name;
  usePageTitle('How to host an event');
  return (
    <article className={mergeClasses(styles.page, styles.reading)} aria-labelledby="hosting-title">
      <Heading level={1} id="hosting-title" className={styles.heading}>
        How to host an event
      </Heading>
      <Body1 as="p" block className={styles.text}>
        Events are how communities and networks come alive: a lunch talk, an evening meet-up, a hackathon or a full
        conference day. This page explains how to organise one on {product}, from getting the right access to the day
        itself.
      </Body1>

      <section className={styles.section} aria-labelledby="hosting-core-member">
        <Heading level={2} id="hosting-core-member" className={styles.heading}>
          1. Become a core member
        </Heading>
        <Body1 as="p" block className={styles.text}>
          Events are created by the core members of a community or network. If you are not one yet, contact the
          community lead (you will find the community on its{' '}
          <Link className={styles.link} to={routePaths.communities()}>
            community page
          </Link>
          ) and ask to join the core team; a platform administrator then gives you core-member access for that
          community. Once you have it, a <strong>Manage</strong> item appears in the header.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="hosting-create">
        <Heading level={2} id="hosting-create" className={styles.heading}>
          2. Create the event
        </Heading>
        <Body1 as="p" block className={styles.text}>
          Open the event form from your community&apos;s page or from the Manage area. Give the event a clear title, a
          description that says who it is for and what people will take away, the start and end date and time, and the
          community or network that hosts it. You can come back and edit every detail until the event starts; attendees
          always see the current version.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="hosting-locations">
        <Heading level={2} id="hosting-locations" className={styles.heading}>
          3. Choose where it happens
        </Heading>
        <ul className={styles.bullets}>
          <li>
            <strong>Online</strong>: add the meeting link. Everyone who registers can join from anywhere.
          </li>
          <li>
            <strong>In person</strong>: add one or more locations, each with its city and full address. When an event
            has several locations, attendees are asked where they will attend, so each venue knows how many people to
            expect.
          </li>
          <li>
            <strong>Hybrid</strong>: combine the two. People choose a venue if they come in person, or follow online.
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="hosting-capacity">
        <Heading level={2} id="hosting-capacity" className={styles.heading}>
          4. Set the capacity
        </Heading>
        <Body1 as="p" block className={styles.text}>
          Set the maximum number of attendees that your room, catering or budget allows. Registration closes
          automatically when the event is full. There is no waiting list at the moment, so if you expect strong
          interest, choose a larger room or plan a second session.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="hosting-attendees">
        <Heading level={2} id="hosting-attendees" className={styles.heading}>
          5. Follow your attendees
        </Heading>
        <Body1 as="p" block className={styles.text}>
          The attendee list shows who has registered and, for in-person events, which location each person chose. Use it
          for catering, badges and building access, and to check people in at the door. Make date, time or room changes
          in {product} rather than by e-mail: everyone attending is told, and their calendar updates itself.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="hosting-mails">
        <Heading level={2} id="hosting-mails" className={styles.heading}>
          6. What {product} sends for you
        </Heading>
        <Body1 as="p" block className={styles.text}>
          You do not need to send reminders or invitations by hand. {product} e-mails each attendee:
        </Body1>
        <ul className={styles.bullets}>
          <li>
            <strong>A confirmation</strong> when they register, with a calendar invitation and the address of the
            location they chose; a cancellation for their calendar if they withdraw.
          </li>
          <li>
            <strong>Reminders</strong> a day and an hour before the event. Online attendees get the meeting link, the
            others their venue&apos;s details. You can switch either reminder off in the event form.
          </li>
          <li>
            <strong>Updates</strong> when you change the date, time or place, and a cancellation if you cancel it.
          </li>
          <li>
            <strong>News of your event</strong> to your community&apos;s members: at once for those who asked for it,
            otherwise in their weekly digest.
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="hosting-write">
        <Heading level={2} id="hosting-write" className={styles.heading}>
          7. Write to your attendees
        </Heading>
        <Body1 as="p" block className={styles.text}>
          On the event&apos;s page, under Organisers, choose <strong>Write to attendees</strong>. Write to everyone
          attending, to the people at one location (say, about parking or the room), or to those checked in (for example
          to share the slides afterwards). You see how many people a message reaches, never their addresses: each person
          gets their own e-mail, and the message is also listed on the event page under &quot;Updates from the
          organisers&quot;. A community&apos;s lead can write to all its members the same way, with{' '}
          <strong>Write to members</strong> on the community&apos;s page. Every message is recorded in the audit log,
          and people can stop these e-mails from the link at the bottom of each one.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="hosting-checklist">
        <Heading level={2} id="hosting-checklist" className={styles.heading}>
          Checklist
        </Heading>
        <ol className={styles.bullets}>
          <li>Agree the topic, speakers and date with your fellow core members.</li>
          <li>Book the room or the online meeting, and check its real capacity.</li>
          <li>Create the event with title, description, times, locations and capacity.</li>
          <li>Share the event page in your community channels; ask speakers to share it too.</li>
          <li>
            A week before: check the attendee list and order catering per location; write to each location's attendees
            about access or parking if needed.
          </li>
          <li>A day before: test the meeting link, the screen and the sound.</li>
          <li>On the day: welcome people, start on time, record the session if the speakers agree.</li>
          <li>
            Afterwards: thank speakers and write to those checked in with the slides or recordings, and share them with
            the community.
          </li>
        </ol>
      </section>
    </article>
  );
}

export default HostingEventPage;
