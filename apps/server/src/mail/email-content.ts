/** What an email says, whatever its layout: every template answers one. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  /** The footer's way out of this kind of email (added by the mailer for kinds a person may turn off). */
  unsubscribe?: { label: string; url: string };
}
