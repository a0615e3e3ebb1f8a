import { Link } from 'react-router';
import { Body1, mergeClasses } from '@fluentui/react-components';
import { appConfigAtom, routePaths, useAtomValue } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { Heading } from '@hub/ui/heading';

/** What the product is, for whom, and how communities, networks, events and membership work. */
export function AboutPage() {
  const styles = usePageStyles();
  const product = useAtomValue(appConfigAtom).product.name;
  usePageTitle('About');
  return (
    <article className={mergeClasses(styles.page, styles.reading)} aria-labelledby="about-title">
      <Heading level={1} id="about-title" className={styles.heading}>
        About {product}
      </Heading>
      <Body1 as="p" block className={styles.text}>
        {product} is where the people of our consulting company, and the clients, partners and alumni who work with
        them, find each other outside project work. It brings together the communities and networks that grow around a
        craft or a shared background, and the events they organise, in one place that everyone can browse.
      </Body1>

      <section className={styles.section} aria-labelledby="about-communities">
        <Heading level={2} id="about-communities" className={styles.heading}>
          Communities and networks
        </Heading>
        <Body1 as="p" block className={styles.text}>
          A <strong>community</strong> gathers people around a practice or a technology: cloud engineering, data and AI,
          testing, architecture, agile delivery and many more. Members share what they learn on assignments, review each
          other&apos;s ideas and keep their skills current.
        </Body1>
        <Body1 as="p" block className={styles.text}>
          A <strong>network</strong> gathers people around something they have in common beyond their craft: a stage of
          career, an identity, a cause or a shared interest. Networks connect colleagues across business units and
          countries who would otherwise rarely meet.
        </Body1>
        <Body1 as="p" block className={styles.text}>
          Both are listed per country, so you can see what is active where you work. Browse the{' '}
          <Link className={styles.link} to={routePaths.communities()}>
            communities
          </Link>{' '}
          and the{' '}
          <Link className={styles.link} to={routePaths.networks()}>
            networks
          </Link>{' '}
          without signing in.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="about-events">
        <Heading level={2} id="about-events" className={styles.heading}>
          Events
        </Heading>
        <Body1 as="p" block className={styles.text}>
          Communities and networks organise meet-ups, talks, hands-on workshops and conferences. An event can be online,
          in person at one or more of our offices, or hybrid. The{' '}
          <Link className={styles.link} to={routePaths.eventList()}>
            event list
          </Link>{' '}
          shows what is coming up; once you are signed in you can register, tell the organisers which location you will
          attend, and add the event to your calendar.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="about-membership">
        <Heading level={2} id="about-membership" className={styles.heading}>
          Membership and core members
        </Heading>
        <Body1 as="p" block className={styles.text}>
          Anyone can look around. To join a community or network, or to attend an event, you need an account: colleagues
          sign in with their work account, and external users register with an e-mail address and a password and confirm
          that address before their first sign-in.
        </Body1>
        <Body1 as="p" block className={styles.text}>
          Joining takes one click on the community&apos;s page, and so does leaving. Your communities, networks and the
          events you attend are gathered in your personal area.
        </Body1>
        <Body1 as="p" block className={styles.text}>
          Each community is run by its <strong>core members</strong>: the people who plan its events, keep its page up
          to date and welcome new members. One of them is the <strong>community lead</strong>, who is responsible for
          the community as a whole. Core members are appointed by the platform administrators; if you would like to help
          run a community, talk to its lead.
        </Body1>
      </section>

      <section className={styles.section} aria-labelledby="about-who">
        <Heading level={2} id="about-who" className={styles.heading}>
          Who runs {product}
        </Heading>
        <Body1 as="p" block className={styles.text}>
          The platform is operated by the company&apos;s internal community programme. Its administrators create new
          communities and networks, appoint core members and keep the site running; the content of each community
          belongs to the people who run it. Questions about a particular community or event are best asked to its core
          members; questions about your account or your data are answered in the{' '}
          <Link className={styles.link} to={routePaths.privacy()}>
            privacy policy
          </Link>
          .
        </Body1>
        <Body1 as="p" block className={styles.text}>
          Thinking of organising something yourself? Read{' '}
          <Link className={styles.link} to={routePaths.hostingEvent()}>
            how to host an event
          </Link>
          .
        </Body1>
      </section>
    </article>
  );
}

export default AboutPage;
