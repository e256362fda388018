import type { MediaKind } from "~/lib/db/value-lists";

// ------------------------------------------------------------------ uploads

type UploadAnswer = { ok: true; upload: { token: string; storageKey: string; widths: number[] } } | { ok: false; message: string };

/** Sends one file to the upload route, reporting progress; never rejects. */
export function sendFile(file: File, kind: MediaKind, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/admin/uploads?kind=${kind}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as UploadAnswer);
      } catch {
        resolve({ ok: false, message: "The upload was refused. Your session may have ended: please log in again." });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: "The upload failed. Please check your connection and try again." });
    xhr.send(file);
  });
}
