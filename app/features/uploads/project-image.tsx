import type { ImgHTMLAttributes } from "react";
import { responsiveSources } from "./upload-urls";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string;
  alt: string;
  /** The image's rendered width at each breakpoint, for the browser's choice of variant. */
  sizes: string;
};

/**
 * A project image. An uploaded one is a <picture> offering AVIF, then WebP, then JPEG, each at
 * every stored width (srcset), so browsers fetch the smallest good file; any other path (the demo
 * SVGs, a path typed in the admin) is a plain <img>.
 */
export function ProjectImage({ src, alt, sizes, ...img }: Props) {
  const responsive = responsiveSources(src);
  if (!responsive) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={responsive.srcSet.avif} sizes={sizes} />
      <source type="image/webp" srcSet={responsive.srcSet.webp} sizes={sizes} />
      <img src={responsive.src} srcSet={responsive.srcSet.jpeg} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
