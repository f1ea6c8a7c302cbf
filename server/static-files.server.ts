import type { ServerResponse } from "node:http";
import compression from "compression";
import express, { type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip, { type ExpressStaticGzipOptions } from "express-static-gzip";
import { PRECOMPRESSED_FILES } from "./precompressed-files.server";

/*
 * The browser build's files. JavaScript, CSS, SVG and fonts go out as the build compressed them
 * (brotli 11 or gzip 9, whichever the browser prefers, brotli on a tie; `Vary: Accept-Encoding`)
 * by express-static-gzip, a thin layer over Express's own serve-static, so ETag, Last-Modified,
 * ranges and Cache-Control stay serve-static's (the ETag differs per encoding, as it must).
 */
const options = (serveStatic: ExpressStaticGzipOptions["serveStatic"]): ExpressStaticGzipOptions => ({
  enableBrotli: true,
  orderPreference: ["br", "gzip"],
  index: false,
  serveStatic: { ...serveStatic, index: false },
});

/**
 * /assets: Vite fingerprints every file there, so it is cached for a year; a missing one is a 404.
 * No Last-Modified (the ETag already validates it) and no Accept-Ranges (nobody resumes a script):
 * ~70 bytes off each of the eight to twelve scripts every page loads (`npm run bench:js`).
 */
export const assetFiles = (assetsDir: string): RequestHandler =>
  expressStaticGzip(
    assetsDir,
    options({ immutable: true, maxAge: "1y", fallthrough: false, lastModified: false, acceptRanges: false }),
  );

/** Other public files (icons, images), cached for a day; anything else falls through to the app. */
export const publicFiles = (clientDir: string): RequestHandler =>
  express
    .Router()
    .use(markPrecompressible)
    .use(expressStaticGzip(clientDir, options({ maxAge: "1d", setHeaders: nameStaticRoute })));

/** For the request-duration metric: one route label for every public file served. */
const nameStaticRoute = (res: ServerResponse) => {
  (res as Response).locals.metricsRoute = "static";
};

/** Remembers that the response is one of the files the build compressed, for compressOnTheFly. */
const markPrecompressible: RequestHandler = (req, res, next) => {
  if (PRECOMPRESSED_FILES.test(req.path)) res.locals.precompressible = true;
  next();
};

/**
 * Everything else (HTML, JSON, other files) is compressed as it is sent. Files the build
 * compressed are not: a browser that accepts neither brotli nor gzip gets them as they are.
 */
export const compressOnTheFly = compression({
  filter: (req: Request, res: Response) => !res.locals.precompressible && compression.filter(req, res),
});
