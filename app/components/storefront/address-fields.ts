/**
 * The fields of a delivery address, in the order they are asked for: checkout's shipping address and
 * the account's address book ask the same things in the same words.
 */
export interface AddressFieldSpec {
  name: "streetAddress" | "apartment" | "city" | "state" | "zipCode" | "country" | "landmark";
  label: string;
  required?: boolean;
  autoComplete?: string;
  /** Across the form's two columns. */
  full?: boolean;
  hint?: string;
}

export const ADDRESS_FIELDS: readonly AddressFieldSpec[] = [
  { name: "streetAddress", label: "Street address", required: true, autoComplete: "address-line1", full: true },
  { name: "apartment", label: "Apartment, suite, etc.", autoComplete: "address-line2", full: true },
  { name: "city", label: "City", required: true, autoComplete: "address-level2" },
  { name: "state", label: "State/Province", required: true, autoComplete: "address-level1" },
  { name: "zipCode", label: "ZIP code", required: true, autoComplete: "postal-code" },
  { name: "country", label: "Country", autoComplete: "country-name" },
  { name: "landmark", label: "Landmark", full: true, hint: "Near a mosque, school or market — helps our courier" },
];
