import * as z from "zod/mini";
import { pageParam } from "~/lib/typed-numbers";
import { contactSubjects } from "./contact-subjects";
import { SUBMISSION_STATUSES } from "~/lib/db/value-lists";

export const SUBMISSIONS_PAGE_SIZE = 25;

const subjectValues = contactSubjects.map((s) => s.value) as [string, ...string[]];

/** The inbox address: search text, filters, page and the submission shown in the dialog. Odd values fall back to none. */
export const submissionsQuerySchema = z.object({
  q: z._default(z.catch(z.string().check(z.trim(), z.maxLength(200)), ""), ""),
  status: z._default(z.catch(z.union([z.enum(SUBMISSION_STATUSES), z.literal("")]), ""), ""),
  subject: z._default(z.catch(z.union([z.enum(subjectValues), z.literal("")]), ""), ""),
  page: pageParam(100_000),
  view: z._default(z.catch(z.string().check(z.trim(), z.maxLength(100)), ""), ""),
  /** The submission whose delete is being asked about (docs/decisions/0055). */
  delete: z._default(z.catch(z.string().check(z.trim(), z.maxLength(100)), ""), ""),
});

export type SubmissionsQuery = z.infer<typeof submissionsQuerySchema>;

const id = z.string().check(z.trim(), z.minLength(1, "No submission was chosen."), z.maxLength(100, "No submission was chosen."));

/** What the inbox's buttons and dropdowns post. */
export const submissionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id }),
  z.object({ intent: z.literal("status"), id, status: z.enum(SUBMISSION_STATUSES, "Please choose a status.") }),
  z.object({ intent: z.literal("read"), id, read: z.enum(["true", "false"], "Please choose read or unread.") }),
  /** 'Mark as Replied': its own action; 'Reply via Email' only opens the mail app (issue 32, goal 5). */
  z.object({ intent: z.literal("reply"), id }),
  z.object({ intent: z.literal("delete"), id }),
]);

export const DELETE_SUBMISSION_CONFIRM = "Delete this message? It stays in the Trash for 30 days.";
export const SUBMISSION_DELETED = "Message deleted.";
export const submissionDeleteFailed = (reason: string) => `Error deleting message: ${reason}`;

export type SubmissionAction = z.infer<typeof submissionActionSchema>;
