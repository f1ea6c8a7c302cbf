import { useState } from "react";
import { Card } from "~/components/ui/card";
import { useMutation } from "../list/mutation";

/** My Account: your private calendar feed of site surveys and job days, to subscribe to, and a way to replace it. */
export function CalendarFeedCard({ url: initial }: { url: string }) {
  const [url, setUrl] = useState(initial);
  const { mutate, pending } = useMutation();
  async function rotate() {
    if (!window.confirm("Make a new address? Calendars subscribed to the old one stop updating.")) return;
    const done = await mutate<{ url: string }>("POST", "/api/admin/account/calendar/rotate", undefined, {
      success: { title: "New calendar address", description: "Subscribe to it again in your calendar." },
      failure: "Failed to make a new address",
      revalidate: false,
    });
    if (done.ok) setUrl(done.data.url);
  }
  return (
    <Card title="Calendar feed">
      <p className="mt-1 text-slate-brand">
        Your site surveys and job days (the past 30 and next 90 days) as a calendar feed. In Google Calendar choose
        Other calendars, From URL; in Outlook, Add calendar, Subscribe from web; on an iPhone, Settings, Calendar,
        Accounts, Add Subscribed Calendar. Keep the address private: anyone with it can see your days.
      </p>
      <label htmlFor="calendar-feed-url" className="mt-4 block font-medium">
        Feed address
      </label>
      <input
        id="calendar-feed-url"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1.5 block w-full rounded-md border border-slate-brand/40 bg-paper px-3 py-2 font-mono text-sm"
      />
      <button type="button" className="btn-dark mt-4" disabled={pending} onClick={() => void rotate()}>
        Make a new address
      </button>
    </Card>
  );
}
