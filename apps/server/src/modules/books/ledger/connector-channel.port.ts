import { LedgerUnreachableError } from './ledger-errors.port.js';

/**
 * A ledger that calls Herd rather than being called (QuickBooks Desktop, reached only while its
 * Web Connector runs on the accountant's machine) is spoken to through a channel: the module's
 * loops (pull, publish, list entries) run as they do for any ledger, and each request the adapter
 * makes waits in the channel until the connector comes to fetch it; the connector's next call
 * brings the answer back. The channel lives in memory for one run; what a run achieved is saved by
 * the loops page by page, so a run cut short resumes from the database in the next one.
 */

/** What the run hands the connector next: a request document, or the end of the run (with its error, if it failed). */
export type ConnectorMessage = { kind: 'request'; document: string } | { kind: 'end'; error: string | null };

/** The connector's run stopped before answering (it went away, or the ledger failed to answer). */
export class ConnectorLostError extends LedgerUnreachableError {}

/** A queue one side puts into and the other side waits on. */
class Mailbox<T> {
  private readonly items: T[] = [];
  private readonly waiters: ((item: T) => void)[] = [];

  put(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }

  take(): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

type Answer = { kind: 'response'; document: string } | { kind: 'lost'; message: string };

export interface ConnectorChannelOptions {
  /** How long a request may wait for the connector's answer before the run is taken as gone (a closed laptop). */
  answerTimeoutMs: number;
}

/** One run of a connector for one company: requests out, answers in, one at a time. */
export class ConnectorChannel {
  private readonly toConnector = new Mailbox<ConnectorMessage>();
  private readonly fromConnector = new Mailbox<Answer>();
  private closed: string | null = null;
  /** A message the connector's side has already waited for (to learn whether the run goes on) and will hand over next. */
  private held: ConnectorMessage | null = null;
  /** Requests answered so far in this run. */
  answered = 0;

  constructor(
    readonly companyPk: number,
    /** Which run of the connector this is (its key in the database). */
    readonly runKey: number,
    private readonly options: ConnectorChannelOptions,
  ) {}

  /** The adapter's side: sends one request document and waits for the connector to bring its answer. */
  readonly exchange = async (document: string): Promise<string> => {
    if (this.closed !== null) throw new ConnectorLostError(this.closed);
    this.toConnector.put({ kind: 'request', document });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Answer>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'lost', message: 'The Web Connector stopped answering in the middle of a run.' }), this.options.answerTimeoutMs);
      timer.unref();
    });
    const answer = await Promise.race([this.fromConnector.take(), timeout]);
    clearTimeout(timer);
    if (answer.kind === 'lost') {
      this.closed = answer.message;
      throw new ConnectorLostError(answer.message);
    }
    this.answered += 1;
    return answer.document;
  };

  /** Why the connector will not answer any more (null while it may). */
  get lostBecause(): string | null {
    return this.closed;
  }

  /** The run's side: it has nothing more to send. */
  end(error: string | null): void {
    this.toConnector.put({ kind: 'end', error });
  }

  /** The connector's side: what to hand it next (waits until the run has it). */
  async next(): Promise<ConnectorMessage> {
    const held = this.held;
    this.held = null;
    return held ?? this.toConnector.take();
  }

  /** The connector's side: waits for what comes next without taking it, so the answer to this call can say whether the run goes on. */
  async peek(): Promise<ConnectorMessage> {
    this.held ??= await this.toConnector.take();
    return this.held;
  }

  /** The connector's side: the answer to the request it fetched last. */
  answer(document: string): void {
    this.fromConnector.put({ kind: 'response', document });
  }

  /** The connector's side: it will not answer (an error in QuickBooks, the connection closed, a newer run took over). */
  lose(message: string): void {
    if (this.closed === null) this.closed = message;
    this.fromConnector.put({ kind: 'lost', message });
  }
}

/** The runs under way in this process, one per company. */
export class ConnectorChannels {
  private readonly open = new Map<number, ConnectorChannel>();

  constructor(private readonly options: ConnectorChannelOptions) {}

  /** Opens a company's run, ending any earlier one still open (a run the connector started again). */
  openFor(companyPk: number, runKey: number): ConnectorChannel {
    this.open.get(companyPk)?.lose('A newer Web Connector run took over.');
    const channel = new ConnectorChannel(companyPk, runKey, this.options);
    this.open.set(companyPk, channel);
    return channel;
  }

  /** The channel of this run, if this process holds it. */
  channelOf(companyPk: number, runKey: number): ConnectorChannel | null {
    const channel = this.open.get(companyPk);
    return channel?.runKey === runKey ? channel : null;
  }

  close(channel: ConnectorChannel): void {
    if (this.open.get(channel.companyPk) === channel) this.open.delete(channel.companyPk);
  }

  /** The adapter's way in: the exchange of the company's run now under way. */
  exchangeFor(companyPk: number): (document: string) => Promise<string> {
    const channel = this.open.get(companyPk);
    if (!channel) throw new LedgerUnreachableError('QuickBooks Desktop is reached only while the Web Connector runs; this waits for its next run.');
    return channel.exchange;
  }
}
