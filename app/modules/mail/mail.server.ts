import fs from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "~/lib/db.server";
import { isEmailAddress } from "~/lib/email-address";
import { newId } from "~/lib/ids";
import { mailOutbox } from "~/lib/db/tables/messages.server";
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
const MAIL_LEASE_MS = 5 * 60_000;

/**
 * Delivers due mail in one batch of at most `limit`. The batch is claimed with one statement (FOR
 * UPDATE SKIP LOCKED, plus a lease), sent outside any transaction, then what became of each
 * message is recorded with one more statement. Several app instances can run this at once without
 * sending a message twice, and a crash mid-send only delays the batch until its lease ends. A batch
 * that takes half its lease stops there: what it did not try is put back, due at once, before the
 * lease could run out and another instance send it too.
 */
export async function deliverDueMail(db: Db, transport: MailTransport, now = new Date(), limit = 20) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const started = performance.now();
  const outcomes: MailOutcome[] = [];
  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    if (performance.now() - started > MAIL_LEASE_MS / 2) {
      outcomes.push({ id: mail.id, tried: false, status: "pending", lastError: mail.lastError, sentAt: null, nextAttemptAt: now });
      continue;
    }
    try {
      const to = { name: mail.toName, address: mail.to };
      await transport.send({ id: mail.id, from: MAIL_FROM, to, subject: mail.subject, text: mail.text, html: mail.html || undefined });
      outcomes.push({ id: mail.id, tried: true, status: "sent", lastError: null, sentAt: new Date(), nextAttemptAt: null });
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const status = attempts >= MAX_MAIL_ATTEMPTS || error instanceof UndeliverableMail ? "failed" : "pending";
      outcomes.push({
        id: mail.id,
        tried: true,
        status,
        lastError: message.slice(0, 500),
        sentAt: null,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      });
      logger.warn({ mailId: mail.id, attempts, err: message }, "mail delivery failed; will retry");
      failed++;
    }
  }
  await recordOutcomes(db, outcomes);
  return { sent, failed };
}

interface MailOutcome {
  id: string;
  /** False for a message put back untried (attempts stay as they were). */
  tried: boolean;
  status: "pending" | "sent" | "failed";
  lastError: string | null;
  sentAt: Date | null;
  /** When to try again; null leaves it as it is. */
  nextAttemptAt: Date | null;
}

/** Records a batch's outcomes in one statement. */
async function recordOutcomes(db: Db, outcomes: MailOutcome[]) {
  const at = (d: Date | null) => (d ? d.toISOString() : null);
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::text, ${o.tried}::boolean, ${o.status}::text, ${o.lastError}::text, ${at(o.sentAt)}::timestamptz, ${at(o.nextAttemptAt)}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${mailOutbox} m set
      attempts = m.attempts + case when v.tried then 1 else 0 end,
      status = v.status, last_error = v.last_error, sent_at = v.sent_at,
      next_attempt_at = coalesce(v.next_attempt_at, m.next_attempt_at)
    from (values ${values}) as v (id, tried, status, last_error, sent_at, next_attempt_at)
    where m.id = v.id`);
}

/** A name as one line of text: control characters (new lines among them) become spaces. */
function plainName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
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
      // Whole or not at all: a disk that fills up while writing leaves no cut-off message behind.
      const partial = `${file}.partial`;
      try {
        await fs.writeFile(partial, info.message as Buffer);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      logger.info({ to: mail.to.address, subject: mail.subject, file }, "mail written to the outbox folder (no SMTP_URL)");
    },
  };
}

export interface MailerOptions {
  /** How often due mail (retries among it) is looked for. */
  intervalMs?: number;
  /** How long a kick waits, so that every order of a burst goes out in one batch. */
  kickDelayMs?: number;
  /** At most this many messages per claim; a full batch is followed by the next at once. */
  batchSize?: number;
  /** While this says so, no delivery runs (a full or read-only disk: mail waits in the outbox table). */
  paused?: () => Promise<boolean>;
}

/**
 * The outbox worker: delivers due mail in batches every few seconds and shortly after a kick (the
 * kicks of a burst of orders make one run). A kick only arms a timer; nothing of the delivery runs
 * on the request that kicked. Stops with the server.
 */
export function startMailer(db: Db, transport: MailTransport, options: MailerOptions = {}) {
  const { intervalMs = 5000, kickDelayMs = 200, batchSize = 20 } = options;
  let running = false;
  let again = false;
  let kicked: NodeJS.Timeout | undefined;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      if (await options.paused?.()) return;
      do {
        again = false;
        let batch;
        do batch = await deliverDueMail(db, transport, new Date(), batchSize);
        while (batch.sent + batch.failed === batchSize);
      } while (again);
    } catch (error) {
      logger.error({ err: error }, "mail delivery run failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    kick: () => {
      if (kicked) return;
      kicked = setTimeout(() => {
        kicked = undefined;
        void run();
      }, kickDelayMs);
      kicked.unref();
    },
    stop: () => {
      clearInterval(timer);
      clearTimeout(kicked);
    },
  };
}
