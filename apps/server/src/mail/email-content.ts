/** What an email says, whatever its layout: every template answers one. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Titled groups after the paragraphs (a digest's clients): a few lines each and a link into the app. */
  sections?: EmailSection[];
  action?: { label: string; url: string };
  footnote?: string;
  /** The footer's way out of this kind of email (added by the mailer for kinds a person may turn off). */
  unsubscribe?: { label: string; url: string };
}

export interface EmailSection {
  title: string;
  lines: string[];
  link?: { label: string; url: string };
}
