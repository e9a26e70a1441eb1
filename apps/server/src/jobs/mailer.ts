// Outgoing email through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written to
// dataDir/mail as an .eml file and its links are logged, so the demo works offline.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FileStorage } from '../files/storage';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files kept in our storage, attached when the message is sent. */
  attachments?: { filename: string; storageKey: string }[];
}

export class Mailer {
  private readonly transport: Transporter;
  constructor(
    private readonly opts: {
      smtpUrl: string | undefined;
      from: string;
      mailDir: string;
      storage: FileStorage;
      log: (msg: string) => void;
    },
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const attachments = await Promise.all(
      (message.attachments ?? []).map(async (a) => ({
        filename: a.filename,
        content: await this.opts.storage.get(a.storageKey),
      })),
    );
    const info = (await this.transport.sendMail({ from: this.opts.from, ...message, attachments })) as {
      message?: Buffer;
    };
    if (this.opts.smtpUrl) return;
    await fs.mkdir(this.opts.mailDir, { recursive: true });
    const file = path.join(
      this.opts.mailDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^\w.@-]/g, '_')}.eml`,
    );
    await fs.writeFile(file, info.message ?? '');
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.opts.log(
      `mail to ${message.to} «${message.subject}» saved to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`,
    );
  }
}
