import { useEffect, useState } from "react";

export const FLASH_MS = 5000;

/** A one-time message from the server (e.g. 'Login successful!'), shown for a few seconds. */
export function FlashBanner({ message }: { message: string | null | undefined }) {
  const [shown, setShown] = useState(message);
  useEffect(() => {
    setShown(message);
    if (!message) return;
    const timer = setTimeout(() => setShown(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [message]);
  if (!shown) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-20 z-50 mx-auto w-fit max-w-[90vw] rounded-lg bg-green-700 px-5 py-3 text-center font-medium text-white shadow-lg">
      {shown}
    </div>
  );
}
