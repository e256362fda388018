import { describe, expect, it } from "vitest";
import { editorReducer, planUploads, saveIsDue, startEditor, type EditorState } from "./product-form-reducer";
import type { FormProduct, UploadState } from "./product-form-state";

const product: FormProduct = {
  id: "p1",
  name: "Formal Dress Belt",
  code: "FDB",
  description: "",
  categoryIds: ["c1"],
  variants: [
    {
      id: "v1",
      name: "Black",
      soleColor: "",
      price: 320000,
      inOffer: false,
      discountPrice: 0,
      stock: [{ id: "s1", size: "34", qty: 3 }],
      media: [{ id: "m1", kind: "image", storageKey: "products/m1", widths: [320] }],
    },
  ],
};

const uploading = (key: string): UploadState => ({ key, kind: "image", name: `${key}.jpg`, progress: 0, status: "uploading" });
const variantKey = (state: EditorState) => state.form.variants[0].key;

describe("the product form's save while files upload", () => {
  it("waits for the uploads, then is due once the last is done, and is sent once", () => {
    let state = startEditor(product);
    state = editorReducer(state, { type: "add-uploads", variantKey: variantKey(state), uploads: [uploading("u1"), uploading("u2")] });
    state = editorReducer(state, { type: "save-asked" });
    expect(state.save).toBe("waiting");
    expect(saveIsDue(state)).toBe(false);

    const done = { status: "done" as const, progress: 100, token: "t", storageKey: "staged/x", widths: [320] };
    state = editorReducer(state, { type: "upload-changed", variantKey: variantKey(state), uploadKey: "u1", change: done });
    expect(saveIsDue(state)).toBe(false);
    state = editorReducer(state, {
      type: "upload-changed",
      variantKey: variantKey(state),
      uploadKey: "u2",
      change: { status: "failed", message: "no" },
    });
    expect(saveIsDue(state)).toBe(true);

    state = editorReducer(state, { type: "save-sent" });
    expect(state.save).toBe("editing");
    expect(saveIsDue(state)).toBe(false);
  });

  it("does not wait when the form has problems: they show, and nothing is due", () => {
    let state = startEditor(product);
    state = editorReducer(state, { type: "edit", change: (f) => ({ ...f, name: "" }) });
    state = editorReducer(state, { type: "add-uploads", variantKey: variantKey(state), uploads: [uploading("u1")] });
    state = editorReducer(state, { type: "save-asked" });
    expect(state).toMatchObject({ submitted: true, save: "editing" });
    expect(saveIsDue(state)).toBe(false);
  });

  it("schedules the files of a removed picture and of a removed variant, but never removes the last variant", () => {
    let state = startEditor(product);
    state = editorReducer(state, { type: "remove-variant", variantKey: variantKey(state) });
    expect(state.form.variants).toHaveLength(1);
    state = editorReducer(state, { type: "remove-media", variantKey: variantKey(state), item: state.form.variants[0].media[0] });
    expect(state.scheduled.map((m) => m.id)).toEqual(["m1"]);
    state = editorReducer(state, { type: "add-variant" });
    state = editorReducer(state, { type: "remove-variant", variantKey: state.form.variants[1].key });
    expect(state.form.variants.map((v) => v.name)).toEqual(["Black"]);
  });
});

describe("files chosen for a variant", () => {
  it("refuses a wrong type, and images past the room left, and sends the rest", () => {
    const state = startEditor();
    const file = (name: string, type: string) => new File(["x"], name, { type });
    const chosen = [file("a.txt", "text/plain"), ...Array.from({ length: 6 }, (_, i) => file(`${i}.jpg`, "image/jpeg"))];
    const { rows, toSend } = planUploads(state.form.variants[0], "image", chosen);
    expect(rows.map((r) => r.status)).toEqual(["failed", "uploading", "uploading", "uploading", "uploading", "uploading", "failed"]);
    expect(toSend.map(([f]) => f.name)).toEqual(["0.jpg", "1.jpg", "2.jpg", "3.jpg", "4.jpg"]);
  });
});
