export const contactSubjects = [
  { value: "product-inquiry", label: "Product Inquiry" },
  { value: "order-support", label: "Order Support" },
  { value: "wholesale", label: "Wholesale" },
  { value: "custom-order", label: "Custom Order" },
  { value: "complaint", label: "Complaint" },
  { value: "other", label: "Other" },
] as const;

export function subjectLabel(value: string): string {
  return contactSubjects.find((s) => s.value === value)?.label ?? "Other";
}
