import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { loadAuthSecret } from "~/modules/accounts/auth.server";
import { loggedFailure } from "~/lib/action-failure.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { readLimitedBody, signStagedUpload, stageUpload, type StagedUpload } from "~/modules/media/staged-uploads.server";

/**
 * POST /admin/uploads?kind=image|video with the file as the raw request body. Answers a signed
 * reference to the stored file, which the product form sends back when the product is saved.
 */
export type UploadResult = { ok: true; upload: StagedUpload & { token: string } } | { ok: false; message: string };

const answer = (body: UploadResult, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  throw data("Not Found", { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context.auth);
  if (request.method !== "POST") return answer({ ok: false, message: "Method not allowed." }, 405);
  const kind = new URL(request.url).searchParams.get("kind");
  if (kind !== "image" && kind !== "video") {
    return answer({ ok: false, message: "Please choose an image or a video." }, 400);
  }
  try {
    const body = await readLimitedBody(request, kind);
    const upload = await stageUpload(context.storage, kind, body);
    const token = signStagedUpload(await loadAuthSecret(context.db), upload);
    return answer({ ok: true, upload: { ...upload, token } });
  } catch (error) {
    const { status, message } = loggedFailure(error, { msg: "upload failed", kind });
    return answer({ ok: false, message }, status);
  }
}
