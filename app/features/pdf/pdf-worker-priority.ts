/**
 * The PDF worker threads' niceness on Linux (0 is the server's own, 19 the lowest): at 10 the
 * scheduler gives the server's thread about nine tenths of a contended core (weights 1024 against 110).
 */
export const PDF_WORKER_NICE = 10;
