import { useEffect, useRef, useState } from "react";
import { thumbnailSrc } from "~/features/uploads/upload-urls";

/** Shown instead of a project image that fails to load (spec section 2). */
export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 60"><rect width="80" height="60" fill="#dfe3e8"/><path d="M22 42l12-14 9 10 6-6 11 10z" fill="#4a5b6d"/><circle cx="52" cy="22" r="5" fill="#4a5b6d"/></svg>',
  );

/** A small project image (uploaded images use their smallest variant), or the placeholder. */
export function Thumbnail({
  src,
  alt = "",
  className = "h-12 w-16",
}: {
  src: string;
  alt?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The server-rendered image may have failed before the page's JavaScript attached onError (the
    // error event is then missed): a finished image with no size is a broken one.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src") !== PLACEHOLDER_IMAGE) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={failed ? PLACEHOLDER_IMAGE : thumbnailSrc(src)}
      alt={alt}
      width={64}
      height={48}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`shrink-0 rounded bg-mist object-cover ring-1 ring-navy-900/10 ${className}`}
    />
  );
}
