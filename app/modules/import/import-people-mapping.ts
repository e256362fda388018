import { contactSubjects } from "~/modules/messages/contact-subjects";
import { isAdminRole } from "~/modules/accounts/roles";
import { GENDERS, SUBMISSION_STATUSES, type Role, type SubmissionStatus } from "~/lib/db/value-lists";
import { firstProblem, submissionRecord, subscriberRecord, userRecord } from "./export.schema";
import { PASSWORD_FIELD, ROLE_WORDS, SUBMISSION, SUBMISSION_STATUS_WORDS, SUBSCRIBER, USER } from "./original-fields";
import { isDoc, dateOf, optionalDate, type Mapped } from "./import-mapping";

// Pure mapping of the original shop's contact submissions, accounts and subscribers onto the shop's own (import-mapping.ts).

// ------------------------------------------------------------------ contact submissions

export function mapSubmissionStatus(value: string, read: boolean): { status: SubmissionStatus; note?: string } {
  const word = value.trim().toLowerCase();
  if (!word) return { status: read ? "read" : "new" };
  if ((SUBMISSION_STATUSES as readonly string[]).includes(word)) return { status: word as SubmissionStatus };
  const known = SUBMISSION_STATUS_WORDS[word];
  if (known) return { status: known, note: `status ${JSON.stringify(value)} taken as ${JSON.stringify(known)}` };
  const chosen: SubmissionStatus = read ? "read" : "new";
  return { status: chosen, note: `unknown status ${JSON.stringify(value)}: set to ${JSON.stringify(chosen)}` };
}

/** A subject as the contact form's value (`product-inquiry`), from a value or a label. */
export function mapSubject(value: string): { subject: string; note?: string } {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  if (!key) return { subject: "other" };
  const found = contactSubjects.find((s) => s.value === key || s.label.toLowerCase().replace(/\s+/g, "-") === key);
  if (found) return { subject: found.value };
  return { subject: "other", note: `subject ${JSON.stringify(value)} is not one of the shop's: set to "other"` };
}

export interface SubmissionData {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: SubmissionStatus;
  read: boolean;
  createdAt: Date;
  updatedAt: Date | null;
}

export function mapSubmission(doc: unknown, now: Date): Mapped<SubmissionData> {
  const parsed = submissionRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const r = parsed.data;
  const adjusted: string[] = [];
  const read = r[SUBMISSION.read];
  const { status, note } = mapSubmissionStatus(r[SUBMISSION.status], read);
  if (note) adjusted.push(note);
  const subject = mapSubject(r[SUBMISSION.subject]);
  if (subject.note) adjusted.push(subject.note);
  return {
    ok: true,
    value: {
      name: r[SUBMISSION.name],
      email: r[SUBMISSION.email],
      phone: r[SUBMISSION.phone],
      subject: subject.subject,
      message: r[SUBMISSION.message],
      status,
      read,
      createdAt: dateOf([r[SUBMISSION.created]], SUBMISSION.created, now, adjusted),
      updatedAt: optionalDate(r[SUBMISSION.updated]),
    },
    adjusted,
  };
}

// ------------------------------------------------------------------ users and subscribers

/** The record without any field that may hold a password: nothing after this sees one. */
export function withoutPasswords(doc: unknown): unknown {
  if (!isDoc(doc)) return doc;
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !PASSWORD_FIELD.test(key)));
}

export interface UserData {
  email: string;
  firstName: string;
  lastName: string;
  gender: string;
  numberCode: string;
  number: string;
  role: Role;
  createdAt: Date;
}

export function mapRole(value: string): { role: UserData["role"]; note?: string } {
  const word = value.trim().toLowerCase();
  if (!word) return { role: "user" };
  if (word === "user" || isAdminRole(word)) return { role: word };
  const known = ROLE_WORDS[word];
  if (known) return { role: known, note: `role ${JSON.stringify(value)} taken as ${JSON.stringify(known)}` };
  return { role: "user", note: `unknown role ${JSON.stringify(value)}: set to "user"` };
}

/** A user record (passwords removed first). */
export function mapUser(doc: unknown, now: Date): Mapped<UserData> {
  const parsed = userRecord.safeParse(withoutPasswords(doc));
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const r = parsed.data;
  const adjusted: string[] = [];
  const { role, note } = mapRole(r[USER.role]);
  if (note) adjusted.push(note);
  let gender = r[USER.gender].toLowerCase();
  if (gender && !(GENDERS as readonly string[]).includes(gender)) {
    adjusted.push(`${USER.gender} ${JSON.stringify(r[USER.gender])} is not male, female or other: left empty`);
    gender = "";
  }
  return {
    ok: true,
    value: {
      email: r[USER.email].toLowerCase(),
      firstName: r[USER.firstName],
      lastName: r[USER.lastName],
      gender,
      numberCode: r[USER.numberCode] || "+92",
      number: r[USER.number],
      role,
      createdAt: dateOf([r[USER.created]], USER.created, now, adjusted),
    },
    adjusted,
  };
}

export interface SubscriberData {
  email: string;
  createdAt: Date;
}

export function mapSubscriber(doc: unknown, now: Date): Mapped<SubscriberData> {
  const parsed = subscriberRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const adjusted: string[] = [];
  const r = parsed.data;
  return {
    ok: true,
    value: { email: r[SUBSCRIBER.email], createdAt: dateOf([r[SUBSCRIBER.subscribed]], SUBSCRIBER.subscribed, now, adjusted) },
    adjusted,
  };
}
