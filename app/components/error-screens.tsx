// What a page shows instead of itself when it fails: the root's full-screen error (the root
// route's own data failed), and inside the public layout, the same panel under the site's header.
// Spec: 'Something went wrong' with a 'Refresh Page' button; a 404 shows '404 - Page Not Found'.

/** The spec's error screen: a plain GET of the same URL, so it works with and without JavaScript. */
export function SomethingWentWrong() {
  return (
    <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-lg">
      <title>Something went wrong</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-brand">
        Sorry, this page could not be shown. Please try again, or call us if the problem continues.
      </p>
      <form method="get" className="mt-6">
        <button type="submit" className="btn-dark" onClick={(e) => (e.preventDefault(), window.location.reload())}>
          Refresh Page
        </button>
      </form>
    </div>
  );
}

/**
 * A 404 thrown by a loader (unknown paths have their own route and page): a plain version, so the
 * full 404 page's code is not on every page.
 */
export function PlainNotFound() {
  return (
    <div className="container-page py-16 text-center">
      <title>Page Not Found</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">404 - Page Not Found</h1>
      <p className="mt-4 text-slate-brand">Sorry, the page you're looking for doesn't exist.</p>
      <a href="/" className="btn-dark mt-8">
        Back to Homepage
      </a>
    </div>
  );
}
