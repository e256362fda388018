import { Form, useSubmit } from "react-router";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "~/lib/db/value-lists";
import { SUBMISSION_STATUS_LABELS } from "~/modules/messages/submission-status";
import { contactLinks } from "~/modules/messages/contact-links";
import { useHydrated } from "~/components/ui/use-hydrated";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { BUTTON } from "~/components/admin/control-styles";
import { SelectControl } from "~/components/admin/controls";
import { Button } from "~/components/admin/controls";

/** The parts of the contact inbox (/admin/contactsubmissions) its rows and its message window share. */

const TONES: Record<SubmissionStatus, BadgeTone> = { new: "blue", read: "grey", replied: "green", resolved: "purple" };

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <StatusBadge tone={TONES[status]}>{SUBMISSION_STATUS_LABELS[status]}</StatusBadge>;
}

/** The status dropdown: saves on change in the browser, with an Update button when JavaScript is off. */
export function StatusForm({
  id,
  status,
  label,
  controlId,
  hideLabel,
}: {
  id: string;
  status: SubmissionStatus;
  label: string;
  controlId: string;
  hideLabel?: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={controlId} className={hideLabel ? "sr-only" : "text-sm font-medium text-stone-800"}>
        {label}
      </label>
      <SelectControl
        size="row"
        id={controlId}
        name="status"
        defaultValue={status}
        key={status}
        onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {SUBMISSION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {SUBMISSION_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectControl>
      {!hydrated && (
        <Button kind="row" type="submit">
          Update
        </Button>
      )}
    </Form>
  );
}

/**
 * Call and WhatsApp for a message that has a phone number (issue 32, goal 5): links the phone opens
 * in its dialler and in WhatsApp. Nothing for a message without one.
 */
export function ContactButtons({ phone, name, className = BUTTON.row }: { phone: string; name: string; className?: string }) {
  const { call, whatsapp } = contactLinks(phone);
  return (
    <>
      {call && (
        <a href={call} className={className} aria-label={`Call ${name}`}>
          Call
        </a>
      )}
      {whatsapp && (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={className} aria-label={`WhatsApp ${name}`}>
          WhatsApp
        </a>
      )}
    </>
  );
}
