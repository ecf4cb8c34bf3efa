import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP reply refusing a recipient: class 5 for good, class 4 for now. */
export interface Refusal {
  code: number;
  text: string;
}

/**
 * Refuses `bounce-*` for good (550), `busy-*` once for now (451) and `down-*` for now, every time (450),
 * as real servers do. Not 421, after which nodemailer's pool may try the message again on a new
 * connection by itself, which would make the tests depend on the pool's state.
 */
export function pickyRecipients(): (address: string) => Refusal | undefined {
  const busySeen = new Set<string>();
  return (address) => {
    if (address.startsWith('bounce-')) return { code: 550, text: '5.1.1 No such user here' };
    if (address.startsWith('down-')) return { code: 450, text: '4.2.1 Mailbox temporarily unavailable' };
    if (address.startsWith('busy-') && !busySeen.has(address)) {
      busySeen.add(address);
      return { code: 451, text: '4.7.1 Try again later' };
    }
    return undefined;
  };
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of outgoing mail; `refuse`
 * answers some recipients with an SMTP refusal instead. With `isHolding`, it keeps each message it
 * received but holds back its reply (the sender is mid-send) until `release`.
 */
export async function startSmtpSink(
  options: { refuse?: (address: string) => Refusal | undefined; isHolding?: boolean } = {},
) {
  const received: ReceivedMail[] = [];
  let isHolding = options.isHolding ?? false;
  const heldReplies: { session: string; to: string[]; reply: () => void }[] = [];
  const lostReplies: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // A sender that vanishes while its reply is held never learns that its message arrived.
    onClose(session) {
      for (let i = heldReplies.length - 1; i >= 0; i -= 1) {
        if (heldReplies[i]?.session === session.id)
          lostReplies.push(...(heldReplies.splice(i, 1)[0]?.to ?? []));
      }
    },
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (isHolding) heldReplies.push({ session: session.id, to, reply: () => callback() });
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages received whose reply is held back. */
    heldCount: () => heldReplies.length,
    /** Recipients of held messages whose sender closed the connection before the reply. */
    lostReplies,
    /** Answers the held messages and every later one at once. */
    release() {
      isHolding = false;
      for (const { reply } of heldReplies.splice(0)) reply();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The quoted-printable body decoded enough to find a link or a word in it (its bytes read as UTF-8). */
export function decodeBody(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  // A message sent as quoted-printable is ASCII: its escaped bytes are UTF-8.
  const isBytes = [...bytes].every((char) => char.charCodeAt(0) <= 0xff);
  return isBytes ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes;
}
