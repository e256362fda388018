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

/** The mail draft 'Reply via Email' opens: to the sender, with subject 'Re: {subject label}'. It records nothing. */
export function replyMailto(email: string, subject: string): string {
  const to = encodeURIComponent(email.trim()).replace(/%40/g, "@");
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${subjectLabel(subject)}`)}`;
}
