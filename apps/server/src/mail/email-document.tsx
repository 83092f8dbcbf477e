/* Server-side JSX: the automatic runtime, whichever tsconfig the runner reads (tsx reads the working directory's). */
/* @jsxRuntime automatic */
/* @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { EmailContent } from './email-content.js';

const muted = { fontSize: '12px', color: '#6b7280' } as const;

/**
 * The one branded layout of every email Herd sends: the sender's name on a band of its colour, the
 * heading, the paragraphs, an optional button with its link spelled out beneath, and a footnote.
 * React escapes every text it is given, so names and notes cannot inject markup.
 */
export const EmailDocument = ({ sender, color, content, productName }: { sender: string; color: string; content: EmailContent; productName: string }) => (
  <Html lang="en">
    <Head />
    <Preview>{content.paragraphs[0] ?? content.heading}</Preview>
    <Body style={{ margin: 0, backgroundColor: '#f4f5f4', fontFamily: '-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif', color: '#1f2933' }}>
      <Container style={{ maxWidth: '560px', margin: '32px auto', backgroundColor: '#ffffff', borderRadius: '10px', overflow: 'hidden' }}>
        <Section style={{ backgroundColor: color, color: '#ffffff', padding: '18px 28px', fontSize: '18px', fontWeight: 600 }}>{sender}</Section>
        <Section style={{ padding: '28px' }}>
          <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 16px' }}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((paragraph, i) => (
            <Text key={i} style={{ lineHeight: 1.5, margin: '0 0 12px', fontSize: '15px' }}>
              {paragraph}
            </Text>
          ))}
          {(content.sections ?? []).map((section, i) => (
            <Section key={`section-${i}`} style={{ margin: '20px 0 0', paddingTop: '14px', borderTop: '1px solid #e5e7eb' }}>
              <Text style={{ fontSize: '16px', fontWeight: 600, margin: '0 0 6px' }}>{section.title}</Text>
              {section.lines.map((line, j) => (
                <Text key={j} style={{ lineHeight: 1.5, margin: '0 0 4px', fontSize: '14px' }}>
                  {line}
                </Text>
              ))}
              {section.link ? (
                <Link href={section.link.url} style={{ color, fontSize: '14px', fontWeight: 600 }}>
                  {section.link.label}
                </Link>
              ) : null}
            </Section>
          ))}
          {content.action ? (
            <>
              <Section style={{ margin: '28px 0 12px' }}>
                <Button href={content.action.url} style={{ backgroundColor: color, color: '#ffffff', padding: '12px 22px', borderRadius: '6px', fontWeight: 600 }}>
                  {content.action.label}
                </Button>
              </Section>
              <Text style={{ ...muted, wordBreak: 'break-all' }}>Or paste this link into your browser: {content.action.url}</Text>
            </>
          ) : null}
          {content.footnote ? <Text style={{ ...muted, marginTop: '24px' }}>{content.footnote}</Text> : null}
        </Section>
        <Section style={{ ...muted, padding: '14px 28px', backgroundColor: '#f9faf9' }}>
          Sent by {sender} with {productName}.
          {content.unsubscribe ? (
            <>
              {' '}
              Don’t want these emails ({content.unsubscribe.label.toLowerCase()})?{' '}
              <Link href={content.unsubscribe.url} style={{ color: '#6b7280', textDecoration: 'underline' }}>
                Unsubscribe
              </Link>
              .
            </>
          ) : null}
        </Section>
      </Container>
    </Body>
  </Html>
);
