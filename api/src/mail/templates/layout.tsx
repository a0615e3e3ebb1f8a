/**
 * The frame of every mail: the product's name, the content, and a footer saying why the person got
 * it — with, for a mail that is not transactional, the link that stops that kind of mail and the
 * link to the preferences. en-GB, readable on a phone (one column, 600 px at most) and in dark mode
 * (`color-scheme` meta and a prefers-color-scheme sheet, mail-theme.ts).
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { darkModeCss, fontFamily, light, PRODUCT_NAME } from './mail-theme.ts';

export interface UnsubscribeFooter {
  /** The site's page that stops this kind (and offers to undo it). */
  pageUrl: string;
  preferencesUrl: string;
  /** "community news from Java Community", "reminders": what the stop link stops. */
  what: string;
}

export interface MailLayoutProps {
  /** The line mail programs show after the subject. */
  preview: string;
  heading: string;
  /** Why the person got this mail (the footer's first line). */
  why: string;
  /** Non-transactional mails only. */
  unsubscribe?: UnsubscribeFooter;
  children: ReactNode;
}

const paragraph = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', color: light.text };
const quiet = { fontSize: '13px', lineHeight: '20px', margin: '0 0 8px', color: light.quiet };
// A token in a link is one long word: broken anywhere, or a phone's screen scrolls sideways.
const footerLink = { color: light.quiet, textDecoration: 'underline', wordBreak: 'break-all' as const };

export function MailLayout({ preview, heading, why, unsubscribe, children }: MailLayoutProps) {
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="hub-page" style={{ backgroundColor: light.page, fontFamily, margin: 0, padding: 0 }}>
        <Container
          className="hub-card"
          style={{
            backgroundColor: light.card,
            maxWidth: '600px',
            margin: '16px auto',
            padding: '24px',
            borderRadius: '8px',
          }}
        >
          <Text style={{ ...quiet, fontWeight: 600, color: light.brand }} data-skip-in-text="true">
            {PRODUCT_NAME}
          </Text>
          <Heading as="h1" style={{ fontSize: '22px', lineHeight: '28px', margin: '0 0 16px', color: light.text }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: light.rule, margin: '24px 0 16px' }} />
          <Section className="hub-quiet">
            <Text className="hub-quiet" style={quiet}>
              {why}
            </Text>
            {unsubscribe && (
              <Text className="hub-quiet" style={quiet}>
                Stop {unsubscribe.what}:{' '}
                <Link href={unsubscribe.pageUrl} style={footerLink}>
                  {unsubscribe.pageUrl}
                </Link>
                <br />
                Choose which mails you get:{' '}
                <Link href={unsubscribe.preferencesUrl} style={footerLink}>
                  {unsubscribe.preferencesUrl}
                </Link>
              </Text>
            )}
            <Text className="hub-quiet" style={quiet}>
              {PRODUCT_NAME}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the mail's text. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** "When: …", "Where: …" lines: one line each in the text part, a compact block in HTML. */
/** Plain text as its writer wrote it (an organiser's message): one paragraph per blank-line-separated block. */
export function WrittenParagraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <Paragraph key={i}>{p.trim()}</Paragraph>
        ))}
    </>
  );
}

export function Details({ rows }: { rows: readonly (readonly [label: string, value: string | null | undefined])[] }) {
  const shown = rows.filter((r): r is readonly [string, string] => Boolean(r[1]));
  return (
    <Text style={paragraph}>
      {shown.map(([label, value], i) => (
        <span key={label}>
          {i > 0 && <br />}
          <strong>{label}:</strong> {value}
        </span>
      ))}
    </Text>
  );
}

/** A link shown as its address, on a line of its own (so the text part carries it whole). */
export function UrlLine({ href }: { href: string }) {
  return (
    <Text style={paragraph}>
      <Link href={href} style={{ color: light.link, wordBreak: 'break-all' }}>
        {href}
      </Link>
    </Text>
  );
}

/** The one action of a mail as a button (the HTML part); the text part shows the label and the address. */
export function ActionButton({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button
        className="hub-button"
        href={href}
        style={{
          backgroundColor: light.brand,
          color: light.onBrand,
          borderRadius: '4px',
          padding: '12px 20px',
          fontSize: '16px',
          fontWeight: 600,
        }}
      >
        {label}
      </Button>
    </Section>
  );
}
