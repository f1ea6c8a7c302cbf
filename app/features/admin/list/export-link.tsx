import { useState, type ReactNode } from "react";
import { downloadFile, failureWords } from "~/api/api-client";
import { useToast } from "~/components/ui/toast";

/**
 * A CSV export: a plain link without JavaScript; with it, the file comes through fetch so that the
 * password check an export needs (403 confirm: true) opens the confirm dialog, then downloads.
 * `fileName` is the fallback when the server names no file; "Exporting..." stands in meanwhile.
 */
export function ExportLink({
  href,
  fileName,
  className,
  children,
}: {
  href: string;
  fileName: string;
  className: string;
  children: ReactNode;
}) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  return (
    <a
      href={href}
      download
      aria-disabled={pending || undefined}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        if (pending) return;
        setPending(true);
        downloadFile(href, fileName)
          .catch((error: unknown) =>
            toast({
              variant: "destructive",
              title: "Export failed",
              description: failureWords(error),
            }),
          )
          .finally(() => setPending(false));
      }}
    >
      {pending ? "Exporting..." : children}
    </a>
  );
}
