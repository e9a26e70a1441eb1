// Outgoing email through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written to
// dataDir/mail as an .eml file and its links are logged, so the demo works offline.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; path: string }[];
}

export class Mailer {
  private readonly transport: Transporter;
  constructor(
    private readonly opts: {
      smtpUrl: string | undefined;
      from: string;
      mailDir: string;
      log: (msg: string) => void;
    },
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.opts.from, ...message })) as {
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
