// A real SMTP server on loopback for the browser tests: the server under test sends its emails to it
// (SMTP_URL), each message is kept as an .eml file with its envelope, and tests wait for and read
// them (postal-mime) from their own worker processes through that folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface MailServer {
  port: number;
  url: string;
  dir: string;
  stop(): Promise<void>;
}

interface Envelope {
  to: string[];
  receivedAt: number;
}

export interface Mail {
  file: string;
  to: string[];
  receivedAt: number;
  subject: string;
  text: string;
  /** Every http(s) address in the text, in order. */
  links: string[];
  attachments: { filename: string | null; mimeType: string }[];
}

/** Starts the SMTP server on a free loopback port; messages land in `dir`. */
export async function startMailServer(dir: string): Promise<MailServer> {
  await fs.mkdir(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const name = `${Date.now()}-${String(++seq).padStart(4, '0')}`;
        const envelope: Envelope = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: Date.now(),
        };
        // The envelope is written last: a reader that sees it finds the message complete.
        fs.writeFile(path.join(dir, `${name}.eml`), Buffer.concat(chunks))
          .then(() => fs.writeFile(path.join(dir, `${name}.json`), JSON.stringify(envelope)))
          .then(() => done(), done);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function read(dir: string, name: string): Promise<Mail> {
  const envelope = JSON.parse(await fs.readFile(path.join(dir, `${name}.json`), 'utf8')) as Envelope;
  const raw = await fs.readFile(path.join(dir, `${name}.eml`));
  const parsed = await PostalMime.parse(raw);
  const text = parsed.text ?? '';
  return {
    file: path.join(dir, `${name}.eml`),
    ...envelope,
    subject: parsed.subject ?? '',
    text,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    attachments: parsed.attachments.map((a) => ({ filename: a.filename, mimeType: a.mimeType })),
  };
}

export interface MailQuery {
  to: string;
  /** Part of the subject, or a pattern it must match. */
  subject?: string | RegExp;
  /** Only messages received at or after this time (ms since epoch). */
  since?: number;
  timeoutMs?: number;
}

/** Waits for the first message matching the query and returns it parsed. */
export async function waitForMail(dir: string, query: MailQuery): Promise<Mail> {
  const to = query.to.toLowerCase();
  const deadline = Date.now() + (query.timeoutMs ?? 20_000);
  const matches = (m: Mail) =>
    m.to.includes(to) &&
    m.receivedAt >= (query.since ?? 0) &&
    (query.subject === undefined ||
      (typeof query.subject === 'string'
        ? m.subject.includes(query.subject)
        : query.subject.test(m.subject)));
  for (;;) {
    const names = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
    for (const file of names) {
      const mail = await read(dir, file.slice(0, -'.json'.length));
      if (matches(mail)) return mail;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no email to ${query.to} matching ${String(query.subject ?? '')} within the time limit`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link of the message that goes to `pathname` (e.g. '/registration'). */
export function linkTo(mail: Mail, pathname: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in «${mail.subject}»:\n${mail.text}`);
  return link;
}
