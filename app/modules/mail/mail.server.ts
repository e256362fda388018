import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "~/lib/db.server";
import { isEmailAddress } from "~/lib/email-address";
import { newId } from "~/lib/ids";
import { mailOutbox } from "~/lib/schema.server";
import { logger } from "~/lib/logger.server";

/**
 * Mail goes through an outbox table: queued in the same transaction as what it tells about, then
 * delivered after commit with retries. A failing mail server never loses or blocks an order, and
 * a crash never loses a mail.
 */
export interface OutgoingMail {
  /** The recipient's address alone (never a list, never with a name). */
  to: string;
  /** The recipient's name, shown beside the address. */
  toName?: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * A mailbox as nodemailer takes it. Headers are built only from these objects, never from a
 * string nodemailer would parse, so nothing in a name or an address can add a header or a recipient.
 */
export interface MailAddress {
  name: string;
  address: string;
}

export interface MailTransport {
  send(mail: { id: string; from: MailAddress; to: MailAddress; subject: string; text: string; html?: string }): Promise<void>;
}

/** A mail that can never be sent as it stands: it fails at once rather than being retried. */
export class UndeliverableMail extends Error {}

export const MAX_MAIL_ATTEMPTS = 8;
export const MAIL_FROM: MailAddress = { name: "Chamra Leather", address: "orders@chamra.pk" };

export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    // Due at once. Truncated to milliseconds: the deliverer compares with JavaScript dates, and a
    // microsecond-precise "now" would make a mail queued in the same millisecond not yet due.
    .values({
      to: mail.to,
      toName: mail.toName ?? "",
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? "",
      nextAttemptAt: sql`date_trunc('milliseconds', now())`,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/**
 * The same as enqueueMail, as a statement to run inside a larger one: inserts the mail once for
 * each row of `source` (a CTE's name, say: no row, no mail).
 */
export function enqueueMailFrom(source: SQL, mail: OutgoingMail): SQL {
  return sql`
    insert into ${mailOutbox} (id, "to", to_name, subject, "text", html, next_attempt_at)
    select ${newId()}, ${mail.to}, ${mail.toName ?? ""}, ${mail.subject}, ${mail.text}, ${mail.html ?? ""}, date_trunc('milliseconds', now())
    from ${source}`;
}

/** Minutes to wait before attempt n+1: 1, 2, 4, 8 … capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60_000;
}

/** How long a claimed message is reserved for the instance sending it. */
export const MAIL_LEASE_MS = 5 * 60_000;

/**
 * Delivers due mail. A message is claimed with one short statement (SKIP LOCKED, plus a lease), sent
 * outside any transaction, then marked; several app instances can run this at once without sending
 * a message twice, and a crash mid-send only delays the message until its lease ends.
 */
export async function deliverDueMail(db: Db, transport: MailTransport, now = new Date(), limit = 20) {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const claimed = (await db.execute(sql`
      update ${mailOutbox} set next_attempt_at = ${new Date(now.getTime() + MAIL_LEASE_MS)}
      where id = (
        select id from ${mailOutbox}
        where status = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at limit 1
        for update skip locked
      )
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = claimed.rows[0]?.id;
    if (!id) break;
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    try {
      const to = { name: mail.toName, address: mail.to };
      await transport.send({ id: mail.id, from: MAIL_FROM, to, subject: mail.subject, text: mail.text, html: mail.html || undefined });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: message.slice(0, 500),
          status: attempts >= MAX_MAIL_ATTEMPTS || error instanceof UndeliverableMail ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, mail.id));
      logger.warn({ mailId: mail.id, attempts, err: message }, "mail delivery failed; will retry");
      failed++;
    }
  }
  return { sent, failed };
}

export async function countPendingMail(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(eq(mailOutbox.status, "pending"));
  return Number(row.n);
}

/** A name as one line of text: control characters (new lines among them) become spaces. */
function plainName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/**
 * What nodemailer is given: From and To as address objects, and only a recipient that passes the
 * shop's e-mail rule (anything else was never accepted by a form; it fails rather than being sent).
 */
function messageOf(mail: Parameters<MailTransport["send"]>[0]) {
  if (!isEmailAddress(mail.to.address)) throw new UndeliverableMail("not a valid e-mail address");
  return {
    from: { name: plainName(mail.from.name), address: mail.from.address },
    to: { name: plainName(mail.to.name), address: mail.to.address },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}

/** SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under `outboxDir`. */
export function createTransport(options: { smtpUrl?: string; outboxDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await smtp.sendMail(messageOf(mail));
      },
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await writer.sendMail(messageOf(mail));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ to: mail.to.address, subject: mail.subject, file }, "mail written to the outbox folder (no SMTP_URL)");
    },
  };
}

/** Runs delivery every few seconds and on demand; stops with the server. */
export function startMailer(db: Db, transport: MailTransport, intervalMs = 5000) {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await deliverDueMail(db, transport);
      } while (again);
    } catch (error) {
      logger.error({ err: error }, "mail delivery run failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { kick: () => void run(), stop: () => clearInterval(timer) };
}

let mailer: { kick: () => void } | undefined;
export function setMailer(m: { kick: () => void } | undefined) {
  mailer = m;
}
/** Asks for a delivery run now (after a commit that queued mail). */
export function kickMailer() {
  mailer?.kick();
}
