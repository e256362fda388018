import { Form } from "react-router";
import { formatAdminDate } from "~/lib/admin-date";
import type { CategorySummary } from "~/modules/catalog/catalog-views";
import { imageUrl } from "~/modules/media/media-url";
import { Img } from "~/components/ui/img";
import { TextField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { NavigateButton } from "~/components/ui/navigate-button";
import { IndexCell, IndexRow, RowActions } from "~/components/admin/index-table";
import { BUTTON } from "~/components/admin/control-styles";
import type { CategoryFailure as Failure } from "./category-alert";
import { ImageInput, useCategoryForm } from "./category-forms";

type CategoryRow = CategorySummary;

/** The category's picture, or the words saying it has none. */
export function CategoryImage({ category }: { category: CategoryRow }) {
  return category.image ? (
    <Img src={imageUrl(category.image, 320)} alt={category.name} width={48} height={48} className="h-12 w-12 rounded-md object-cover" />
  ) : (
    <span className="text-xs text-stone-500">No image</span>
  );
}

export function EditRow({ category, busy, failure }: { category: CategoryRow; busy: boolean; failure: Failure | null }) {
  const hydrated = useHydrated();
  const { name, nameField, imageField, onSubmit } = useCategoryForm(failure?.name ?? category.name, failure);
  return (
    <IndexRow tone="editing">
      <IndexCell label="Image" kind="media" className="space-y-2">
        <CategoryImage category={category} />
        <ImageInput id="edit-category-image" label="Change Image" form="edit-category" {...imageField} />
        {category.image && (
          <button type="submit" form="remove-category-image" disabled={busy} className={BUTTON.rowDanger}>
            Remove image
          </button>
        )}
        <Form id="remove-category-image" method="post" action="/admin/categories">
          <input type="hidden" name="intent" value="remove-image" />
          <input type="hidden" name="id" value={category.id} />
        </Form>
      </IndexCell>
      <IndexCell label="Name" kind="title" className="font-normal">
        <Form id="edit-category" method="post" encType="multipart/form-data" action="/admin/categories?intent=update" noValidate onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={category.id} />
          <TextField id="edit-category-name" label="Category name" {...nameField} />
        </Form>
      </IndexCell>
      <IndexCell label="Product Count">{category.productCount}</IndexCell>
      <IndexCell label="Date Created" className="whitespace-nowrap">
        {formatAdminDate(category.createdAt)}
      </IndexCell>
      <IndexCell label="Actions" kind="actions">
        <RowActions>
          <button type="submit" form="edit-category" disabled={hydrated && (name.trim() === "" || busy)} className={BUTTON.rowPrimary}>
            Save
          </button>
          <NavigateButton to="/admin/categories" preventScrollReset className={BUTTON.row}>
            Cancel
          </NavigateButton>
        </RowActions>
      </IndexCell>
    </IndexRow>
  );
}
