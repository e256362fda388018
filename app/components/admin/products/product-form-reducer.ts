import type { MediaKind } from "~/lib/db/value-lists";
import { MAX_BYTES, MAX_NEW_IMAGES_PER_VARIANT, MAX_VIDEOS_PER_VARIANT, tooLargeMessage, UPLOAD_MESSAGES } from "~/modules/media/upload-limits";
import {
  initialState,
  newVariant,
  nextKey,
  validate,
  type FormProduct,
  type FormState,
  type MediaState,
  type UploadState,
  type VariantState,
} from "./product-form-state";

/*
 * The product form's state and every change to it, as one reducer. Saving is a small state
 * machine: "editing" until a save is asked for; a save asked for while files are still uploading
 * is "waiting", and goes out (ProductForm's effect) once none is uploading any more.
 */

export interface EditorState {
  form: FormState;
  /** Files of removed media and variants: deleted when the product is saved. */
  scheduled: MediaState[];
  /** A save was asked for: from then on the form's problems show as they are typed. */
  submitted: boolean;
  save: "editing" | "waiting";
}

type EditorAction =
  | { type: "edit"; change: (form: FormState) => FormState }
  | { type: "edit-variant"; variantKey: string; change: (variant: VariantState) => VariantState }
  | { type: "add-variant" }
  | { type: "remove-variant"; variantKey: string }
  | { type: "remove-media"; variantKey: string; item: MediaState }
  | { type: "add-uploads"; variantKey: string; uploads: UploadState[] }
  | { type: "upload-changed"; variantKey: string; uploadKey: string; change: Partial<UploadState> }
  | { type: "drop-upload"; variantKey: string; uploadKey: string }
  /** Save pressed: the form is checked; with no problem it waits for its uploads, if any. */
  | { type: "save-asked" }
  /** The waiting save went out. */
  | { type: "save-sent" };

export function startEditor(product?: FormProduct): EditorState {
  return { form: initialState(product), scheduled: [], submitted: false, save: "editing" };
}

export const isUploading = (form: FormState) => form.variants.some((v) => v.uploads.some((u) => u.status === "uploading"));

/** True when a save asked for while files were uploading can now go out. */
export const saveIsDue = (state: EditorState) => state.save === "waiting" && !isUploading(state.form);

function editVariant(form: FormState, key: string, change: (v: VariantState) => VariantState): FormState {
  return { ...form, variants: form.variants.map((v) => (v.key === key ? change(v) : v)) };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const withForm = (form: FormState): EditorState => ({ ...state, form });
  switch (action.type) {
    case "edit":
      return withForm(action.change(state.form));
    case "edit-variant":
      return withForm(editVariant(state.form, action.variantKey, action.change));
    case "add-variant":
      return withForm({ ...state.form, variants: [...state.form.variants, newVariantOf(state.form)] });
    case "remove-variant": {
      const variant = state.form.variants.find((v) => v.key === action.variantKey);
      if (!variant || state.form.variants.length <= 1) return state;
      return {
        ...state,
        scheduled: [...state.scheduled, ...variant.media],
        form: { ...state.form, variants: state.form.variants.filter((v) => v.key !== action.variantKey) },
      };
    }
    case "remove-media":
      return {
        ...state,
        scheduled: [...state.scheduled, action.item],
        form: editVariant(state.form, action.variantKey, (v) => ({ ...v, media: v.media.filter((m) => m.key !== action.item.key) })),
      };
    case "add-uploads":
      return withForm(editVariant(state.form, action.variantKey, (v) => ({ ...v, uploads: [...v.uploads, ...action.uploads] })));
    case "upload-changed":
      return withForm(
        editVariant(state.form, action.variantKey, (v) => ({
          ...v,
          uploads: v.uploads.map((u) => (u.key === action.uploadKey ? { ...u, ...action.change } : u)),
        })),
      );
    case "drop-upload":
      return withForm(editVariant(state.form, action.variantKey, (v) => ({ ...v, uploads: v.uploads.filter((u) => u.key !== action.uploadKey) })));
    case "save-asked": {
      const ok = Object.keys(validate(state.form)).length === 0;
      return { ...state, submitted: true, save: ok && isUploading(state.form) ? "waiting" : "editing" };
    }
    case "save-sent":
      return { ...state, save: "editing" };
  }
}

const newVariantOf = (form: FormState) => newVariant(form.variants.length === 0);

/**
 * The files chosen for a variant, each either refused at once (wrong type, too large, no room
 * left) or to be sent: `toSend` pairs each file with its upload's row.
 */
export function planUploads(variant: VariantState, kind: MediaKind, files: File[]): { rows: UploadState[]; toSend: [File, UploadState][] } {
  const pending = variant.uploads.filter((u) => u.kind === kind && u.status !== "failed").length;
  const existing = variant.media.filter((m) => m.kind === kind).length;
  const room = kind === "image" ? MAX_NEW_IMAGES_PER_VARIANT - pending : MAX_VIDEOS_PER_VARIANT - existing - pending;
  const rows: UploadState[] = [];
  const toSend: [File, UploadState][] = [];
  for (const file of files) {
    const base: UploadState = { key: nextKey(), kind, name: file.name, progress: 0, status: "uploading" };
    const wrongType = kind === "image" ? !file.type.startsWith("image/") : !file.type.startsWith("video/");
    if (wrongType) rows.push({ ...base, status: "failed", message: kind === "image" ? UPLOAD_MESSAGES.notImage : UPLOAD_MESSAGES.notVideo });
    else if (file.size > MAX_BYTES[kind]) rows.push({ ...base, status: "failed", message: tooLargeMessage(kind) });
    else if (toSend.length >= room) {
      rows.push({ ...base, status: "failed", message: kind === "image" ? UPLOAD_MESSAGES.tooManyImages : UPLOAD_MESSAGES.tooManyVideos });
    } else {
      rows.push(base);
      toSend.push([file, base]);
    }
  }
  return { rows, toSend };
}
