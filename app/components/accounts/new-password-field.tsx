import { TextField } from "~/components/ui/field";
import { passwordHint, PASSWORD_MIN_LENGTH, type PasswordAudience } from "~/modules/accounts/password-rules";

/** A new password (signing up, a new member of staff, a reset), with its audience's rule as the hint. */
export function NewPasswordField({ audience, label = "Password", error }: { audience: PasswordAudience; label?: string; error?: string }) {
  return (
    <TextField
      id="password"
      label={label}
      type="password"
      autoComplete="new-password"
      required
      hint={passwordHint(audience)}
      minLength={PASSWORD_MIN_LENGTH[audience]}
      error={error}
    />
  );
}
