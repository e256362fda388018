/**
 * The shopper tests place orders as: a valid Lahore address that checkout takes. A test changes only
 * the fields it is about (a phone or e-mail of its own, a name it looks for, a bad value it sends).
 * Plain data, no imports: browser specs, deployment specs and integration tests all use it.
 */
export interface TestCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
}

export const TEST_CUSTOMER: Readonly<TestCustomer> = {
  firstName: "Ayesha",
  lastName: "Khan",
  email: "ayesha@example.pk",
  phone: "03001234567",
  streetAddress: "12 Mall Road",
  city: "Lahore",
  state: "Punjab",
  zipCode: "54000",
};

/**
 * The checkout form's fields as a browser posts them: the test customer, then `fields` (the cart, the
 * idempotency key, and whatever the test changes) over it, field by field.
 */
export function checkoutForm(fields: Record<string, string> = {}): Record<string, string> {
  return { ...TEST_CUSTOMER, ...fields };
}
