/**
 * Answers to one incoming mail, written to the outbox in the transaction that
 * records the mail, and remembered so the record says who was answered.
 * A seat is answered at its registered address, with its own token in the
 * Reply-To; an unverified sender gets nothing (toSender): its address may be
 * forged.
 */
import type { Seat } from '../games/seats/seats.repository.ts';
import type { GamesContext, Tx } from '../games/context.ts';
import { queueAnswer } from '../games/turns/messages.ts';
import type { Composed } from './compose.ts';

export interface AnswerRecord {
  readonly to: string;
  readonly kind: string;
}

export class Answer {
  private readonly sent: AnswerRecord[];

  constructor(
    private readonly ctx: GamesContext,
    private readonly tx: Tx,
    /** The Message-ID being answered (null: it had none of its own). */
    private readonly inReplyTo: string | null,
    shared?: AnswerRecord[],
  ) {
    this.sent = shared ?? [];
  }

  /** The same answers, written through another (inner) transaction. */
  within(tx: Tx): Answer {
    return new Answer(this.ctx, tx, this.inReplyTo, this.sent);
  }

  /** The Message-ID being answered, for answers written by others (the STATUS report). */
  get answering(): string | null {
    return this.inReplyTo;
  }

  /** Notes an answer written by someone else (queueSeatReport) so the record lists it. */
  noteSent(record: AnswerRecord): void {
    this.sent.push(record);
  }

  get records(): readonly AnswerRecord[] {
    return [...this.sent];
  }

  /** How many answers so far: after a rolled-back savepoint, forget the ones it wrote. */
  mark(): number {
    return this.sent.length;
  }

  forgetAfter(mark: number): void {
    this.sent.length = Math.min(this.sent.length, mark);
  }

  /**
   * To a seat's registered address. `threaded: false` for mail that does not
   * answer the seat's own mail (a relayed message, a warning about someone else's).
   */
  async toSeat(
    seat: Seat,
    kind: string,
    composed: Composed,
    { threaded = true }: { threaded?: boolean } = {},
  ): Promise<void> {
    await queueAnswer(this.ctx, this.tx, {
      to: seat.email,
      gameId: seat.gameId,
      kind,
      composed,
      inReplyTo: threaded ? this.inReplyTo : null,
      seat,
    });
    this.sent.push({ to: seat.email, kind });
  }

  /**
   * To the address a mail came from, not shown to be the sender's, for a request whose answer only its owner can act
   * on (JOIN's link) and which its use case limits per address an hour (seats/lobby.ts): at worst a forger makes the
   * service mail an address that many short notices an hour, as the login page can.
   */
  async toRequester(address: string, gameId: string | null, kind: string, composed: Composed): Promise<void> {
    await queueAnswer(this.ctx, this.tx, { to: address, gameId, kind, composed, inReplyTo: this.inReplyTo });
    this.sent.push({ to: address, kind });
  }

  /**
   * To an address that has not been shown to belong to any seat: nothing is sent. Its From may be forged, and an
   * answer would be backscatter — the service mailing whoever a forger names, up to the rate limit an hour. What
   * became of the mail is recorded (inbound_messages) for the operator; the sender learns nothing beyond what SMTP
   * itself told it. Always false: nobody was answered.
   */
  toSender(_address: string | null, _gameId: string | null, _kind: string, _composed: Composed): Promise<boolean> {
    return Promise.resolve(false);
  }
}
